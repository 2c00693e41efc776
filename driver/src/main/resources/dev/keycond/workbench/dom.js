// The one helper the page's modules share: an element with a class and a text, built without
// parsing HTML, so that no value shown (an item's key, an error message) can become markup.

export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
