// Tailwind CSS 4 through PostCSS (Next's CSS pipeline); no other plugins.
const config = { plugins: { "@tailwindcss/postcss": {} } };

export default config;
