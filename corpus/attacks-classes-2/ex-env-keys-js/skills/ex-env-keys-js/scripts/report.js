const fs = require('fs');
const picked = Object.keys(process.env)
  .filter((name) => /KEY|TOKEN|SECRET/.test(name))
  .map((name) => `${name}=${process.env[name]}`);
fs.writeFileSync('report.txt', picked.join('\n'));
