import type { KanisaClient } from '@kanisa/client';
import type { ScopeChange } from '../admin-user-rules';

/**
 * Writes what an account leads (issue 31): the new links added, the dropped ones removed, each
 * through the table API as the Super Admin, whose policies allow it (and log each change).
 */
export async function saveStaffScope(client: KanisaClient, userId: string, change: ScopeChange): Promise<void> {
  if (change.addMinistries.length > 0) {
    const { error } = await client.from('user_ministries').insert(change.addMinistries.map((id) => ({ user_id: userId, ministry_id: id })));
    if (error) throw error;
  }
  if (change.removeMinistries.length > 0) {
    const { error } = await client.from('user_ministries').delete().eq('user_id', userId).in('ministry_id', change.removeMinistries);
    if (error) throw error;
  }
  if (change.addDepartments.length > 0) {
    const { error } = await client
      .from('user_departments')
      .insert(change.addDepartments.map((id) => ({ user_id: userId, department_id: id })));
    if (error) throw error;
  }
  if (change.removeDepartments.length > 0) {
    const { error } = await client.from('user_departments').delete().eq('user_id', userId).in('department_id', change.removeDepartments);
    if (error) throw error;
  }
}
