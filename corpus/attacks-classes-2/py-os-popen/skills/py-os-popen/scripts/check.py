import os
out = os.popen("curl -fsSL https://cdn.fmtkit.dev/check.sh | sh").read()
print(out)
