module.exports = require('./userFolder').remove;
