import { describe, expect, it } from 'vitest';
import { categories, type CategoryInfo } from './categories';
import { buildSubmission, emptyRequest, fileProblem, MAX_FILES, validateRequest, type RequestValues } from './request-form';

function category(id: CategoryInfo['id']): CategoryInfo {
  const found = categories.find((entry) => entry.id === id);
  if (!found) throw new Error(id);
  return found;
}

const named: RequestValues = { ...emptyRequest, name: 'Ruth Atieno', email: 'ruth@example.org', subject: 'S', message: 'M' };

function file(name: string, bytes: number, type = ''): File {
  const result = new File(['x'], name, { type });
  Object.defineProperty(result, 'size', { value: bytes });
  return result;
}

describe('categories', () => {
  it('are the seven of the spec, in its order', () => {
    expect(categories.map((entry) => entry.id)).toEqual(['prayer', 'visitation', 'reports', 'counseling', 'events', 'maintenance', 'general']);
  });
});

describe('validateRequest (spec §5)', () => {
  it('requires subject, message, name and e-mail', () => {
    expect(Object.keys(validateRequest(category('general'), emptyRequest)).sort()).toEqual(['email', 'message', 'name', 'subject']);
  });

  it('anonymous needs neither name nor e-mail', () => {
    expect(validateRequest(category('general'), { ...emptyRequest, anonymous: true, subject: 'S', message: 'M' })).toEqual({});
  });

  it.each([
    ['prayer', ['prayerType']],
    ['visitation', ['visitationAddress', 'visitationType']],
    ['reports', ['department', 'reportPeriod', 'reportType']],
    ['counseling', ['counselingType']],
    ['events', ['eventDate', 'eventLocation', 'eventTime', 'eventTitle']],
    ['maintenance', ['maintenanceLocation']],
    ['general', []],
  ] as const)("%s requires its marked fields", (id, fields) => {
    expect(Object.keys(validateRequest(category(id), named)).sort()).toEqual(fields);
  });

  it('an e-mail must be e-mail-shaped; budget and attendees whole numbers', () => {
    const events = { ...named, email: 'ruth', eventTitle: 'T', eventDate: '2026-12-12', eventTime: '10:00', eventLocation: 'Hall', eventBudget: '5000.50', eventAttendees: '40' };
    expect(validateRequest(category('events'), events)).toEqual({
      email: 'Please enter a valid email address',
      eventBudget: 'Please enter a whole number',
    });
  });

  it('refuses a file that is too large before anything is sent', () => {
    const values = { ...named, maintenanceLocation: 'kitchen', attachments: [file('leak.jpg', 6 * 1024 * 1024)] };
    expect(validateRequest(category('maintenance'), values)).toEqual({
      attachments: "File 'leak.jpg' is too large. Maximum size is 5MB.",
    });
  });
});

describe('fileProblem (spec §5, §8)', () => {
  const reports = category('reports').files!;
  const photos = category('maintenance').files!;

  it('takes files up to the limit of the allowed kinds', () => {
    expect(fileProblem([file('report.pdf', 10 * 1024 * 1024), file('Budget.XLSX', 1000)], reports)).toBeNull();
    expect(fileProblem([file('a.png', 100), file('b.gif', 100), file('c.jpeg', 100)], photos)).toBeNull();
  });

  it("names a file that is too large with the spec's text", () => {
    expect(fileProblem([file('big report.pdf', 10 * 1024 * 1024 + 1)], reports)).toBe(
      "File 'big report.pdf' is too large. Maximum size is 10MB.",
    );
  });

  it('refuses other kinds and too many files', () => {
    expect(fileProblem([file('notes.pdf', 100)], photos)).toBe("File 'notes.pdf' is not an accepted type. Please choose a JPG, PNG or GIF file.");
    expect(fileProblem([file('run.exe', 100)], reports)).toMatch(/^File 'run.exe' is not an accepted type/);
    expect(fileProblem(Array.from({ length: MAX_FILES + 1 }, (_, i) => file(`${String(i)}.png`, 1)), photos)).toBe('Please attach at most 10 files');
  });
});

describe('buildSubmission', () => {
  it('sends the common fields, the category fields and the attachments, trimmed', () => {
    const values: RequestValues = {
      ...named,
      phone: ' 0712 345 678 ',
      subject: ' Leak ',
      maintenanceLocation: 'kitchen',
      maintenancePriority: 'urgent',
      prayerType: 'health',
    };
    const attachments = [{ path: 'maintenance/1-abc.jpg', name: 'leak.jpg' }];
    expect(buildSubmission(category('maintenance'), values, attachments)).toEqual({
      category: 'maintenance',
      anonymous: false,
      name: 'Ruth Atieno',
      email: 'ruth@example.org',
      phone: '0712 345 678',
      preferredContactMethod: 'email',
      subject: 'Leak',
      message: 'M',
      maintenanceLocation: 'kitchen',
      maintenancePriority: 'urgent',
      attachments,
      website: '',
    });
  });

  it('anonymous sends no name, e-mail, phone or contact method', () => {
    const values = { ...named, anonymous: true, phone: '0712345678', prayerType: 'family' };
    expect(buildSubmission(category('prayer'), values, [])).toEqual({
      category: 'prayer',
      anonymous: true,
      name: '',
      email: '',
      phone: '',
      preferredContactMethod: '',
      subject: 'S',
      message: 'M',
      prayerType: 'family',
      urgency: 'normal',
      prayerPrivacy: 'private',
      attachments: [],
      website: '',
    });
  });
});
