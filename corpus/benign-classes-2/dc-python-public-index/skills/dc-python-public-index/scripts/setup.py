import subprocess
import sys

subprocess.check_call([sys.executable, "-m", "pip", "install", "--index-url", "https://pypi.org/simple", "requests"])
subprocess.run(["git", "clone", "https://github.com/psf/requests.git"], check=True)
