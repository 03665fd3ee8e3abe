import type { IDataObject } from 'n8n-workflow';

/*
 * Whether sending a contact create again ends where one send would. Helena finds an existing contact by phone
 * number, email or Instagram (its reference for the batch), so a contact with none of them is created again;
 * one that joins a sequence joins it again on an upsert, which may start the sequence over.
 */

const hasText = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** A contact Helena can find again: it has a phone number, an email or an Instagram. */
export const matchable = (body: IDataObject): boolean => hasText(body.phoneNumber) || hasText(body.email) || hasText(body.instagram);

/** A contact that joins sequences, which a second add may start over. */
export const joinsSequence = (body: IDataObject): boolean => Array.isArray(body.sequenceIds) && body.sequenceIds.length > 0;

/** A create that updates the contact when it exists (an upsert: the batch always is one) saves the same contact again. */
export const upsertSafeToRepeat = (body: IDataObject): boolean => matchable(body) && !joinsSequence(body);

/** A create that returns an existing contact unchanged (Get If Exists) finds the one the first send made. */
export const getIfExistsSafeToRepeat = (body: IDataObject): boolean => matchable(body);
