/**
 * Cell rules shared by the CSV export and import.
 *
 * A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` as a formula, and website
 * visitors type what they like into the lead form: the export puts a `'` before such a value
 * (phone numbers such as `+44 20 7946 0958` excepted, they are no formula), and the import takes
 * exactly one such `'` away, so a file round-trips unchanged.
 */
const FORMULA = /^'*[=+\-@\t\r]/;
const PHONE_LIKE = /^[+-]?[\d\s().\-/]*$/;

export const escapeFormula = (value: string) =>
  FORMULA.test(value) && !PHONE_LIKE.test(value) ? `'${value}` : value;

export const unescapeFormula = (value: string) =>
  value.startsWith("'") && FORMULA.test(value.slice(1)) && !PHONE_LIKE.test(value.slice(1))
    ? value.slice(1)
    : value;

/** The lead fields an import fills, plus `name` (split into first and last) and `id` (ignored). */
export type ImportField =
  | 'id'
  | 'name'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'phone'
  | 'company'
  | 'title'
  | 'status'
  | 'notes'
  | 'message'
  | 'created_at'
  | 'metadata';

/**
 * Header names as CRMs and spreadsheets write them (Twenty, EspoCRM, Pipedrive, HubSpot,
 * Google Contacts): compared without case, spaces or punctuation, so "First Name", "first_name"
 * and "FIRSTNAME" are one column.
 */
const ALIASES: Record<ImportField, string[]> = {
  id: ['id', 'leadid'],
  name: ['name', 'fullname', 'contactname', 'personname'],
  first_name: ['firstname', 'first', 'givenname', 'forename', 'namefirst'],
  last_name: ['lastname', 'last', 'surname', 'familyname', 'namelast'],
  email: ['email', 'emailaddress', 'mail', 'primaryemail', 'emails', 'workemail', 'email1'],
  phone: ['phone', 'phonenumber', 'telephone', 'tel', 'mobile', 'mobilephone', 'phones', 'phone1'],
  company: [
    'company',
    'companyname',
    'organization',
    'organisation',
    'organizationname',
    'account',
    'accountname',
  ],
  title: ['title', 'jobtitle', 'position', 'role'],
  status: ['status', 'stage', 'leadstatus', 'pipelinestage'],
  notes: ['notes', 'note'],
  message: ['message', 'description', 'comment', 'comments', 'inquiry', 'enquiry'],
  created_at: [
    'createdat',
    'created',
    'createdon',
    'createddate',
    'datecreated',
    'addtime',
    'leadcreated',
  ],
  metadata: ['metadata'],
};

const BY_ALIAS = new Map<string, ImportField>(
  Object.entries(ALIASES).flatMap(([field, names]) =>
    names.map((name) => [name, field as ImportField] as const),
  ),
);

/** The field a header names, or null for a column that goes to metadata. */
export const fieldOfHeader = (header: string): ImportField | null =>
  BY_ALIAS.get(header.toLowerCase().replace(/[^a-z0-9]/g, '')) ?? null;
