// n8n finds the nodes and credentials through the "n8n" section of package.json.
module.exports = {};
