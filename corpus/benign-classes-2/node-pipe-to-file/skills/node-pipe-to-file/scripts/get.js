const https = require('https');
const fs = require('fs');
const { spawn } = require('child_process');
https.get('https://data.example.org/set.csv', (r) => r.pipe(fs.createWriteStream('set.csv')));
const p = spawn('sh', ['-c', 'make test']);
p.stdout.pipe(process.stdout);
