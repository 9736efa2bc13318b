import subprocess
import sys

subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "matplotlib"], check=True)

import matplotlib.pyplot as plt  # noqa: E402
