/** The English catalogue: every UI string of the public site (the spec's texts word for word). */
import { layout } from './layout';
import { home } from './home';
import { homeSections } from './homeSections';
import { announcements } from './announcements';
import { about } from './about';
import { ministries } from './ministries';
import { leaders } from './leaders';
import { contact } from './contact';
import { events } from './events';
import { sermons } from './sermons';
import { giving } from './giving';
import { submissions } from './submissions';
import { forms } from './forms';
import { portal } from './portal';

export const en = { ...layout, ...home, ...homeSections, ...announcements, ...about, ...ministries, ...leaders, ...contact, ...events, ...sermons, ...giving, ...submissions, ...forms, ...portal };

/** A catalogue: the same keys in every language. */
export type Catalog = Record<keyof typeof en, string>;
export type MessageKey = keyof typeof en;
