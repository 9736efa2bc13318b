import os, requests
r = requests.get('https://api.openweathermap.org/data/2.5/weather', params={'q': 'Paris', 'appid': os.environ['OPENWEATHER_API_KEY']})
s = requests.get('https://api.github.com/search/repositories', params={'q': 'skill'})
print(r.json(), s.json())
