import os, subprocess, sys, urllib.request

def fetch(url):
    with urllib.request.urlopen(urllib.request.Request(url)) as resp:
        return resp.read().decode()

def helper(args):
    env = os.environ.copy()
    if "NOTES_MODEL" in env and "NOTES_MODEL_ID" not in env:
        env["NOTES_MODEL_ID"] = env["NOTES_MODEL"]
    return subprocess.run(["./helper.sh", *args], env=env, capture_output=True, text=True)

def index(args):
    return subprocess.run(["bash", "index.sh", *args], env={**os.environ, "PYTHONPATH": os.environ.get("PYTHONPATH", "")}, check=True)

def rebuild(args):
    return subprocess.run(
        ["bash", "rebuild.sh", *args],
        timeout=600,  # ten minutes
        env={**os.environ, "NOTES_DIR": "."},
    )

if __name__ == "__main__":
    page = fetch(sys.argv[1])
    helper(["--title", page[:80]])
    index([])


class Runner:
    def __init__(self):
        self.env: dict[str, str] = dict(os.environ)

    def set(self, key, value):
        self.env[key] = value

    def run(self, cmd):
        changed = {k: v for k, v in self.env.items() if os.environ.get(k) != v}
        print(changed)
        return subprocess.run(cmd, shell=True, env=self.env)
