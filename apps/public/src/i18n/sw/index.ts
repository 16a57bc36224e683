/** The Kiswahili catalogue (its own chunk): the same keys as English, checked by the compiler. */
import type { Catalog } from '../en';
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

export const sw: Catalog = { ...layout, ...home, ...homeSections, ...announcements, ...about, ...ministries, ...leaders, ...contact, ...events, ...sermons, ...giving, ...submissions, ...forms, ...portal };
