import type { DataExport } from '@pet-haven/shared/users';
import { api } from '@/lib/api-client';

/** GET /api/user/export, saved by the browser as a JSON file. Rejects with the ApiError. */
export async function downloadMyData(): Promise<void> {
  const data = await api<DataExport>('/user/export');
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `pet-haven-data-${data.exportedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
