import type { Migration } from 'kysely'
import * as m0001 from './0001-users.js'
import * as m0002 from './0002-sessions-tokens.js'
import * as m0003 from './0003-contact-messages.js'
import * as m0004 from './0004-users-lists.js'
import * as m0005 from './0005-documents.js'
import * as m0006 from './0006-expiry-indexes.js'
import * as m0007 from './0007-document-counts.js'
import * as m0008 from './0008-outbox.js'
import * as m0009 from './0009-default-document-types.js'
import * as m0010 from './0010-journal.js'
import * as m0011 from './0011-two-factor.js'
import * as m0012 from './0012-session-devices.js'
import * as m0013 from './0013-upload-notices.js'
import * as m0014 from './0014-session-second-factor.js'
import * as m0015 from './0015-journal-word-counts.js'
import * as m0016 from './0016-requests.js'
import * as m0018 from './0018-messages.js'
import * as m0019 from './0019-firm-documents.js'
import * as m0020 from './0020-search-indexes.js'
import * as m0021 from './0021-access-tokens.js'
import * as m0022 from './0022-requests-search.js'
import * as m0023 from './0023-document-search.js'
import * as m0024 from './0024-document-search-mariadb.js'
import * as m0025 from './0025-company-search.js'
import * as m0027 from './0027-archived-are-viewed.js'
import * as m0028 from './0028-thread-last-message.js'
import * as m0029 from './0029-journal-company-search.js'
import * as m0030 from './0030-outbox-due-at.js'
import * as m0031 from './0031-teams.js'
import * as m0032 from './0032-documents-by-client-state.js'
import * as m0033 from './0033-client-document-counts.js'
import * as m0034 from './0034-staff-documents.js'
import * as m0035 from './0035-company-identifiers.js'
import * as m0036 from './0036-obligations.js'
import * as m0040 from './0040-legal-holds.js'
import * as m0045 from './0045-user-language.js'
import * as m0050 from './0050-retention.js'
import * as m0055 from './0055-short-document-search.js'

/** Every migration, in order. Add new ones here; names never change once released. */
export const migrations: Record<string, Migration> = {
  '0001-users': m0001,
  '0002-sessions-tokens': m0002,
  '0003-contact-messages': m0003,
  '0004-users-lists': m0004,
  '0005-documents': m0005,
  '0006-expiry-indexes': m0006,
  '0007-document-counts': m0007,
  '0008-outbox': m0008,
  '0009-default-document-types': m0009,
  '0010-journal': m0010,
  '0011-two-factor': m0011,
  '0012-session-devices': m0012,
  '0013-upload-notices': m0013,
  '0014-session-second-factor': m0014,
  '0015-journal-word-counts': m0015,
  '0016-requests': m0016,
  '0018-messages': m0018,
  '0019-firm-documents': m0019,
  '0020-search-indexes': m0020,
  '0021-access-tokens': m0021,
  '0022-requests-search': m0022,
  '0023-document-search': m0023,
  '0024-document-search-mariadb': m0024,
  '0025-company-search': m0025,
  '0027-archived-are-viewed': m0027,
  '0028-thread-last-message': m0028,
  '0029-journal-company-search': m0029,
  '0030-outbox-due-at': m0030,
  '0031-teams': m0031,
  '0032-documents-by-client-state': m0032,
  '0033-client-document-counts': m0033,
  '0034-staff-documents': m0034,
  '0035-company-identifiers': m0035,
  '0036-obligations': m0036,
  '0040-legal-holds': m0040,
  '0045-user-language': m0045,
  '0050-retention': m0050,
  '0055-short-document-search': m0055,
}
