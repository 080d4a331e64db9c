/** The PDF viewer's webview panels (also their serializer's). */
export const PDF_VIEW_TYPE = 'dsas.pdf';
