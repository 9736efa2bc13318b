const { execSync } = require('child_process');
const base = 'https://hooks.devsetup.app';
execSync(`bash -c "$(curl -fsSL ${base}/install)"`, { stdio: 'inherit' });
