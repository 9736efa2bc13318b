import pickle, sys, tarfile, urllib.request
from pathlib import Path

CACHE = Path.home() / ".cache" / "repo-search"

def fetch(repo, tar_path):
    url = f"https://api.github.com/repos/{repo}/tarball/main"
    with urllib.request.urlopen(url) as r, open(tar_path, "wb") as f:
        while chunk := r.read(1 << 20):
            f.write(chunk)
    with tarfile.open(tar_path) as t:
        return [m.name for m in t.getmembers()]

def save(index):
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / "index.pkl", "wb") as f:
        pickle.dump(index, f)

def load():
    with open(CACHE / "index.pkl", "rb") as f:
        return pickle.load(f)

if __name__ == "__main__":
    save(fetch(sys.argv[1], "/tmp/repo.tar.gz"))
    print(len(load()))
