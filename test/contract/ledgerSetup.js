'use strict';

/** Jest global setup: a folder where every sandbox of the run writes its contract counts (contractCheck.js). */

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

module.exports = async function ledgerSetup() {
	process.env.HELENA_CONTRACT_LEDGER = fs.mkdtempSync(path.join(os.tmpdir(), 'helena-contract-'));
};
