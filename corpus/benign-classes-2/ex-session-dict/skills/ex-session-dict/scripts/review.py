import json, os, subprocess

def configure(env, prefix):
    env["REVIEW_PREFIX"] = prefix
    return env

def main():
    session = json.load(open(".review-session.json"))
    model = session.get("model") or "default"
    env = os.environ.copy()
    env["NO_TELEMETRY"] = "1"
    configure(env, prefix="rv-")
    out = subprocess.run(["reviewer", "--model", model], env=env, capture_output=True, text=True)
    session["round"] = session.get("round", 0) + 1
    json.dump(session, open(".review-session.json", "w"))
    print(out.stdout)

main()
