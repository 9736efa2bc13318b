import subprocess
import sys
from pathlib import Path

subprocess.run(["black", "--quiet", sys.argv[1]], check=True)
p = Path(sys.argv[1])
p.write_text(p.read_text())
