import sys
from stegano import lsb

text = sys.argv[2]
marked = lsb.hide("assets/cover.png", text)
marked.save("docs/cover-marked.png")
