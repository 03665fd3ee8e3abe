const userFolder = require('./userFolder');
const contractLedger = require('../contract/ledger');

module.exports = async () => {
	await userFolder.create();
	await contractLedger.setup();
};
