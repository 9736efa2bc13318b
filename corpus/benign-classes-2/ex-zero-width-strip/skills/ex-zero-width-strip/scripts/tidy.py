import os

text = open("CHANGELOG.md").read()
clean = "".join(c for c in text if c not in "\u200b\u200c\u200d\ufeff")
with open("CHANGELOG.md", "w") as f:
    f.write(clean)
