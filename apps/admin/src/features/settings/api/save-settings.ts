import type { KanisaClient } from '@kanisa/client';
import { invalidateTables, useKanisa } from '@kanisa/client/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serviceModesTables } from '../../../components/layout/demo-mode';
import type { SettingChange, SettingRow } from '../settings-form';

/**
 * The server reads the e-mail, SMS and payment settings again within this time
 * (kanisa-functions: Channels, Payments), so the demo-mode banner is asked again after it.
 */
const CHANNELS_REREAD_MS = 11_000;

/**
 * Saves the changed settings in one upsert on key of `{key, value, updated_by}` (back-office §7.6;
 * policies/system_settings.sql), and answers the rows as stored — a secret as its marker.
 */
export async function saveSettings(client: KanisaClient, changes: readonly SettingChange[]): Promise<SettingRow[]> {
  if (changes.length === 0) return [];
  const { data, error } = await client
    .from('system_settings')
    .upsert(changes.map((change) => ({ ...change })), { onConflict: 'key' })
    .select('key, value, is_secret');
  if (error) throw error;
  return data;
}

export function useSaveSettings() {
  const client = useKanisa();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: readonly SettingChange[]) => saveSettings(client, changes),
    onSuccess: async () => {
      // The service modes follow the saved settings once the server has read them again.
      setTimeout(() => void invalidateTables(queryClient, serviceModesTables), CHANNELS_REREAD_MS);
      await invalidateTables(queryClient, ['system_settings']);
    },
  });
}
