import subprocess
import sys

subprocess.check_call([sys.executable, "-m", "pip", "install", "--extra-index-url", "https://wheels.quickpkg.dev/simple", "corp-auth-utils"])
