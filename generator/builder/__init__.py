"""The build: `playaid build` told as stages over one request — plan the documents, render their
HTML and PDFs, bind what is bound (back-to-back editions, imposed sheets, kits), and write them
with the manifest."""
