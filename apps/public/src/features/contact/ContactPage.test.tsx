import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inKiswahili } from '../../test/kiswahili';
import { seed } from '../../test/site-data';
import { settingsQueries, fallbackSettings } from '../../lib/settings';
import { renderAt } from '../../test/render';
import ContactPage from './ContactPage';

describe('ContactPage in Kiswahili', () => {
  it('shows the page, its FAQ and its form in Kiswahili; the settings as entered', async () => {
    await inKiswahili();
    seed(settingsQueries.public, { ...fallbackSettings, address: 'Kanisa Road, Nakuru', status: 'ready' });
    renderAt('/sw/contact', <ContactPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Wasiliana Nasi' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Maswali Yanayoulizwa Mara kwa Mara' })).toBeInTheDocument();
    expect(screen.getByText('Nivae nini?')).toBeInTheDocument();
    expect(screen.getByText('Fuata alama za barabarani hadi Kanisa Road, Nakuru. Kuna maegesho ya bure katika uwanja wa kanisa.')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Tutumie Ujumbe' })).toBeInTheDocument();
    expect(screen.getByLabelText('Jina Kamili *')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tuma Ujumbe' })).toBeInTheDocument();
  });

  it("shows staff's Kiswahili office hours where given, the catalogue's words elsewhere (issue 32)", async () => {
    await inKiswahili();
    seed(settingsQueries.public, {
      ...fallbackSettings,
      officeHours: [
        { days: 'Monday to Friday', hours: 'By appointment', days_sw: 'Jumatatu hadi Ijumaa', hours_sw: 'Kwa miadi' },
        { days: 'Sunday', hours: '10:00 AM' },
      ],
      status: 'ready',
    });
    renderAt('/sw/contact', <ContactPage />);
    const hours = screen.getByRole('heading', { name: 'Saa za Ofisi' }).closest<HTMLElement>('.detail-block')!;
    expect(hours).toHaveTextContent('Jumatatu hadi Ijumaa');
    expect(hours).toHaveTextContent('Kwa miadi');
    expect(hours).not.toHaveTextContent('By appointment');
    expect(hours).not.toHaveTextContent('Sunday');
  });
});
