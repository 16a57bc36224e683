import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SelectField } from './SelectField';
import { TextAreaField } from './TextAreaField';
import { TextField } from './TextField';

describe('FieldFrame (through TextField, TextAreaField and SelectField)', () => {
  it('labels the control and links its hint and error to it', () => {
    render(
      <>
        <TextField label="Title *" hint="A short title." error="Title is required" />
        <TextAreaField label="Description" hint="Optional." />
        <SelectField label="Priority" options={[{ value: 'high', label: 'High' }]} error="Pick one" />
      </>,
    );
    const title = screen.getByRole('textbox', { name: 'Title *' });
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('A short title. Title is required');
    const description = screen.getByRole('textbox', { name: 'Description' });
    expect(description).not.toHaveAttribute('aria-invalid');
    expect(description).toHaveAccessibleDescription('Optional.');
    expect(description).toHaveAttribute('rows', '4');
    const priority = screen.getByRole('combobox', { name: 'Priority' });
    expect(priority).toHaveAttribute('aria-invalid', 'true');
    expect(priority).toHaveAccessibleDescription('Pick one');
  });

  it('leaves a field without hint or error undescribed', () => {
    render(<TextField label="Location" />);
    const location = screen.getByRole('textbox', { name: 'Location' });
    expect(location).not.toHaveAttribute('aria-describedby');
    expect(location).not.toHaveAttribute('aria-invalid');
  });
});
