// ApexCharts' feature modules register themselves with the core when loaded and export
// nothing a caller uses; the package ships no types for them.
declare module 'apexcharts/features/legend';
