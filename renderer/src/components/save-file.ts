// Offers a CSV file to save (the browser's download, or Electron's save dialog).
export function saveCsvFile(file: { fileName: string; text: string }): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
