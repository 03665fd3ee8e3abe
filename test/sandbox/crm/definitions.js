'use strict';

/** Panel custom field definitions in the public shape core uses for every custom field. */

function toPublicDefinition(def, children) {
	const { id, createdAt, updatedAt, parentId, type, entityType, scopeId, companyId, name, key, position, required, visible, isValueRange } =
		def;
	return {
		id,
		createdAt,
		updatedAt,
		parentId,
		type,
		entityType,
		scopeId,
		companyId,
		name,
		key,
		position,
		required,
		visible,
		isValueRange,
		options: def.options ? def.options.map((o) => ({ ...o })) : null,
		children,
	};
}

module.exports = { toPublicDefinition };
