// Loaded only through phone-numbers.ts: the phone rules that need libphonenumber's numbering
// metadata (decision 069), in a chunk of their own.
export { accountPhoneSchema, formatPhone, toE164 } from '@tuition/domain';
