/** Where an image can be shown from: a cached file (absolute path) or, when not cached, the publisher's URL. */
export type ImageSource = { kind: 'file'; path: string } | { kind: 'url'; url: string };
