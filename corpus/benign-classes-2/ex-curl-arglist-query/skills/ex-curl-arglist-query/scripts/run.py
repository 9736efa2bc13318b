import subprocess, sys

query = sys.argv[1]
subprocess.run(["curl", "-s", "-X", "POST", "https://pkgs.example.org/search", "-d", f"q={query}"])
