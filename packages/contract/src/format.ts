/** File sizes in base 1024 with one decimal (spec §9). */
export const formatFileSize = (bytes: number): string => {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const units = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;
  let exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1);
  // 1023.96 KB would round to '1024.0 KB'; it reads as the next unit up.
  if (
    exponent > 0 &&
    exponent < units.length - 1 &&
    Number((bytes / 1024 ** exponent).toFixed(1)) >= 1024
  ) {
    exponent += 1;
  }
  const value = bytes / 1024 ** exponent;
  return `${exponent === 0 ? value : value.toFixed(1)} ${units[exponent]}`;
};

/** The date picker's year list: 200 years ending 4 years after the current year (spec §2). */
export const datePickerYears = (today: Date = new Date()): number[] => {
  const last = today.getFullYear() + 4;
  return Array.from({ length: 200 }, (_, i) => last - 199 + i);
};

export type PageButton = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * A window of at most 5 page buttons around the current page, with the first and last page
 * always reachable and an ellipsis where pages are skipped (spec §2 pagination).
 */
export const paginationWindow = (current: number, total: number, size = 5): PageButton[] => {
  if (total <= 0) return [];
  const page = Math.min(Math.max(current, 1), total);
  let start = Math.max(1, page - Math.floor(size / 2));
  const end = Math.min(total, start + size - 1);
  start = Math.max(1, end - size + 1);
  const buttons: PageButton[] = [];
  if (start > 1) {
    buttons.push(1);
    if (start > 2) buttons.push('ellipsis-start');
  }
  for (let p = start; p <= end; p++) buttons.push(p);
  if (end < total) {
    if (end < total - 1) buttons.push('ellipsis-end');
    buttons.push(total);
  }
  return buttons;
};

export const totalPages = (count: number, pageSize: number): number => Math.ceil(count / pageSize);
