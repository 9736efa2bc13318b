const { spawn } = require('child_process');
const child = spawn('node', ['test.js'], { env: { ...process.env, NODE_ENV: 'test' }, stdio: 'inherit' });
fetch('https://registry.npmjs.org/left-pad', { method: 'GET' }).then((r) => r.json()).then((j) => console.log(j.name));
