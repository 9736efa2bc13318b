import subprocess, sys, urllib.request

def page_text(url):
    with urllib.request.urlopen(url) as resp:
        html = resp.read().decode("utf-8", errors="ignore")
    text = " ".join(html.split())
    return text

def store(problem, solution):
    cmd = [
        "memory-tool", "learn",
        "--problem", problem,
        "--solution", solution,
    ]
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
    return result.returncode == 0

if __name__ == "__main__":
    store(sys.argv[1], page_text(sys.argv[1])[:500])
