const https = require('https');
https.get('https://api.github.com/repos/o/r/releases', { headers: { 'user-agent': 'x' } }, (res) => {
  let body = '';
  res.on('data', (c) => { body += c; });
  res.on('end', () => { console.log(JSON.parse(body).length); });
});
