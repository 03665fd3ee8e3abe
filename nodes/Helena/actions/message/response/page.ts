/* The pages a person sees after opening a response link: small self-contained HTML, no scripts. */

export function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const STYLE = `
body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;background:#f2f4f7;color:#1f2933}
main{max-width:480px;margin:40px auto;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:28px 28px 24px}
h1{font-size:22px;margin:0 0 12px}
p.message{white-space:pre-wrap;line-height:1.45;margin:0 0 20px}
label{display:block;font-weight:600;margin:16px 0 6px}
input,select,textarea{box-sizing:border-box;width:100%;font:inherit;padding:10px;border:1px solid #cbd2d9;border-radius:8px}
textarea{min-height:110px}
button{margin-top:22px;width:100%;font:inherit;font-weight:600;padding:12px;border:0;border-radius:8px;background:#0b8a5f;color:#fff;cursor:pointer}
.error{color:#b42318;margin:6px 0 0;font-size:14px}
.note{color:#52606d;font-size:14px;margin-top:18px}
`;

/** A whole page: a heading, then `content` (already HTML). */
export function page(heading: string, content: string): string {
	return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(heading)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(heading)}</h1>${content}</main></body></html>`;
}

/** A page that only tells something: a recorded answer, an expired link. */
export function noticePage(heading: string, text: string): string {
	return page(heading, `<p class="message">${escapeHtml(text)}</p>`);
}
