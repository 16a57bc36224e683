/** Saves `text` as a file the browser downloads (an export, the template). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started; the address is not needed any more.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
}
