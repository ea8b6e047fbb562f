/**
 * Sample articles written for this site. Figures are illustrative sample data for a
 * fresh install, not reporting. `daysAgo` spreads publish dates over several months.
 */
import { TOPICS, type TopicSlug } from '../constants.ts';

export interface SeedArticle {
  slug: string;
  title: string;
  excerpt: string;
  author: (typeof seedAuthors)[number]['name'];
  category: CategorySlug;
  featured?: boolean;
  daysAgo: number;
  /** The lead image: one of the sample illustrations. */
  image: SeedImage;
  body: string;
}

/**
 * The sample illustrations (drawn for this site): each is `public/images/articles/{name}.jpg`,
 * with its text for readers who cannot see it. The start-up puts them into the media library
 * (`db/seed/media` holds the library's copies of them), so the sample articles show responsive images.
 */
export const seedImages = {
  battery: 'Illustration of a row of grid battery units, each marked with a lightning bolt',
  capitol: 'Illustration of a domed capitol building on a green hill',
  'coal-plant': 'Illustration of a coal-fired power plant with two smokestacks',
  'coal-train': 'Illustration of a train of loaded coal cars',
  'cooling-tower': 'Illustration of two cooling towers of a nuclear plant',
  courthouse: 'Illustration of a courthouse with columns',
  geothermal: 'Illustration of a geothermal power plant venting steam',
  'grid-city': 'Illustration of a city skyline with lit windows at night',
  'lng-tanker': 'Illustration of an LNG tanker with round cargo tanks at sea',
  'nuclear-plant': 'Illustration of a nuclear plant: a steaming cooling tower beside a reactor dome',
  'oil-rig': 'Illustration of a drilling derrick and a pumpjack under an amber sky',
  pipeline: 'Illustration of a pipeline on supports across open ground',
  refinery: 'Illustration of a refinery with a flare stack and storage tanks',
  'solar-farm': 'Illustration of rows of solar panels on a hillside',
  substation: 'Illustration of transformers in an electrical substation',
  transmission: 'Illustration of high-voltage transmission towers and lines',
  uranium: 'Illustration of the radiation trefoil symbol',
  'wind-farm': 'Illustration of wind turbines on a green hill',
} as const satisfies Record<string, string>;

export type SeedImage = keyof typeof seedImages;

/** Where a sample illustration is served as a plain file (the address a seeded article starts with). */
export const seedImageUrl = (image: SeedImage) => `/images/articles/${image}.jpg`;

/** Each topic's description as the seed stores it (editors change it in the panel). */
const TOPIC_DESCRIPTIONS: Record<TopicSlug, string> = {
  'oil-gas': 'Crude, natural gas and refined products: drilling and output, pipelines and LNG, and the prices that move with them.',
  renewables: 'Solar, wind, storage, geothermal and hydro: projects, costs and the grid connections they wait for.',
  utilities: 'Power companies and grid operators: rates, demand, reliability and the investment behind the wires.',
  nuclear: 'The reactor fleet, new builds and small modular designs, fuel supply and the rules that govern them.',
  coal: 'Coal production, exports and plant retirements, and the communities and markets they affect.',
  'policy-regulation': 'Federal and state energy policy: legislation, FERC and EPA rules, permits and the courts.',
};

/** The categories table's rows: the site's topics, in their order, each with its description. */
export const seedCategories = TOPICS.map((t) => ({ name: t.name, slug: t.slug, description: TOPIC_DESCRIPTIONS[t.slug] }));

export type CategorySlug = TopicSlug;

/**
 * The sample newsroom's authors; every seed article names one of them, on one of the author's
 * `beats` (the topics they cover; the seed's own check, not stored).
 */
export const seedAuthors = [
  {
    name: 'Dana Whitfield',
    slug: 'dana-whitfield',
    title: 'Senior Oil & Gas Reporter',
    bio: 'Dana covers upstream oil and gas from Houston: Permian output, rig counts and the companies behind them.',
    beats: ['oil-gas'],
  },
  {
    name: 'Elena Park',
    slug: 'elena-park',
    title: 'Renewables Correspondent',
    bio: 'Elena reports on solar, wind and storage projects and on the interconnection queues they wait in.',
    beats: ['renewables', 'utilities'],
  },
  {
    name: 'Jordan Ellis',
    slug: 'jordan-ellis',
    title: 'Power Markets Editor',
    bio: 'Jordan follows wholesale power prices, grid operators and utility rate cases across the US.',
    beats: ['utilities', 'renewables'],
  },
  {
    name: 'Marcus Ortega',
    slug: 'marcus-ortega',
    title: 'Natural Gas Reporter',
    bio: 'Marcus writes about natural gas prices, storage, pipelines and LNG exports from the Gulf Coast.',
    beats: ['oil-gas', 'policy-regulation'],
  },
  {
    name: 'Priya Natarajan',
    slug: 'priya-natarajan',
    title: 'Nuclear and Technology Reporter',
    bio: 'Priya covers the reactor fleet, advanced nuclear designs and the fuel supply chain.',
    beats: ['nuclear'],
  },
  {
    name: 'Rachel Kim',
    slug: 'rachel-kim',
    title: 'Policy Correspondent',
    bio: 'Rachel reports from Washington on energy legislation, FERC and EPA rules and the courts.',
    beats: ['policy-regulation'],
  },
  {
    name: 'Samuel Reyes',
    slug: 'samuel-reyes',
    title: 'Coal and Industry Reporter',
    bio: 'Samuel covers coal production and exports, plant retirements and the communities they affect.',
    beats: ['coal'],
  },
  {
    name: 'Thomas Becker',
    slug: 'thomas-becker',
    title: 'Markets Analyst',
    bio: 'Thomas writes about refining margins, crude benchmarks and what the EIA figures say each week.',
    beats: ['oil-gas', 'coal'],
  },
] as const satisfies readonly { name: string; slug: string; title: string; bio: string; beats: readonly CategorySlug[] }[];

export const seedArticles: SeedArticle[] = [
  {
    slug: 'permian-output-holds-near-record-as-rig-count-slips',
    title: 'Permian Output Holds Near Record as Rig Count Slips',
    excerpt:
      'Operators in West Texas and southeast New Mexico are pumping more oil with fewer rigs, leaning on longer laterals and faster cycle times.',
    author: 'Dana Whitfield',
    category: 'oil-gas',
    featured: true,
    daysAgo: 1,
    image: 'oil-rig',
    body: `<p>Crude production in the Permian Basin held close to its record this month even as the number of active drilling rigs edged lower for a third consecutive week, a pattern that analysts say reflects a structural shift in how shale operators run their programs.</p>
<p>Longer horizontal laterals, now routinely past three miles, and simultaneous fracturing of several wells from one pad have cut the time from spud to first oil. The result is that each rig delivers more barrels than it did two years ago, and companies can hold output flat with a smaller fleet.</p>
<h2>Capital discipline remains the watchword</h2>
<p>Large independents told investors in recent earnings calls that they plan to keep spending roughly flat next year, directing free cash flow to dividends and buybacks rather than growth. Several pointed to service-cost deflation as a tailwind.</p>
<blockquote><p>"We are drilling fewer wells and getting more out of each one. That is the story of the basin right now," one completions engineer said.</p></blockquote>
<p>Gas takeaway remains the constraint to watch. Associated gas volumes continue to rise with oil output, and Waha hub prices have again traded at a steep discount to Henry Hub during pipeline maintenance periods. New capacity due online next year should ease the pressure.</p>`,
  },
  {
    slug: 'henry-hub-futures-climb-on-early-winter-demand',
    title: 'Henry Hub Futures Climb on Early Winter Heating Demand',
    excerpt:
      'Colder-than-normal forecasts for the Midwest and Northeast lifted natural gas futures as storage withdrawals arrived ahead of schedule.',
    author: 'Marcus Ortega',
    category: 'oil-gas',
    featured: true,
    daysAgo: 3,
    image: 'lng-tanker',
    body: `<p>Natural gas futures at Henry Hub rose for a fourth straight session as weather models turned colder for the eastern half of the country, pulling forward the start of the heating season.</p>
<p>Traders pointed to an earlier-than-usual first net withdrawal from underground storage, which trimmed the surplus to the five-year average. Inventories remain comfortable overall, but the market has become more sensitive to each weekly report.</p>
<h2>LNG feedgas near capacity</h2>
<p>Feedgas deliveries to Gulf Coast export terminals stayed close to their highs, with new liquefaction trains ramping up. Export demand now accounts for a significantly larger share of US consumption than at any point in the past decade, tying domestic prices more closely to conditions in Europe and Asia.</p>
<ul><li>Storage: first net withdrawal of the season reported ahead of the five-year norm.</li><li>Production: dry gas output steady near record levels.</li><li>Exports: feedgas to LNG terminals close to nameplate capacity.</li></ul>
<p>Analysts cautioned that mild spells can quickly reverse the rally, and that producers who curtailed output earlier in the year have room to bring volumes back.</p>`,
  },
  {
    slug: 'gulf-coast-refiners-post-strong-margins-into-q4',
    title: 'Gulf Coast Refiners Carry Strong Margins Into the Fourth Quarter',
    excerpt: 'Diesel cracks remain elevated after a heavy fall maintenance season, keeping refinery utilization high across PADD 3.',
    author: 'Thomas Becker',
    category: 'oil-gas',
    daysAgo: 9,
    image: 'refinery',
    body: `<p>Refiners along the Gulf Coast are heading into the final quarter with margins well above their long-run average, supported by tight distillate inventories and steady export demand from Latin America.</p>
<p>Utilization in the region climbed back above 90 percent after a maintenance season that took several large units offline in September and October. Diesel crack spreads widened during the turnarounds and have narrowed only modestly since.</p>
<h2>Export outlets matter</h2>
<p>Mexico, Brazil and Chile remain the main destinations for US products. Port data show distillate exports running ahead of last year's pace, while gasoline shipments have been flat.</p>
<p>Executives warned that new refining capacity abroad could weigh on margins next year. For now, low inventories on the East Coast and in Europe are keeping the crack spread supported.</p>`,
  },
  {
    slug: 'alaska-north-slope-project-reaches-first-oil',
    title: 'North Slope Development Reaches First Oil After Six-Year Build',
    excerpt: 'A new field on Alaska’s North Slope began production, the first major addition to the state’s output in years.',
    author: 'Dana Whitfield',
    category: 'oil-gas',
    daysAgo: 27,
    image: 'pipeline',
    body: `<p>A long-awaited oil development on Alaska's North Slope has started production, sending its first barrels into the Trans-Alaska Pipeline System and giving the state a rare boost to output.</p>
<p>The project was built over six winters, with gravel roads and pads constructed during the short window when the tundra is frozen. Operators expect production to ramp up over the next 18 months as additional wells are brought online.</p>
<p>State officials welcomed the added throughput, which improves the economics of the pipeline itself. Throughput has fallen by more than three quarters since its late-1980s peak, raising operating costs per barrel.</p>
<p>Environmental groups continue to challenge parts of the approval in federal court, and the outcome could affect later phases of development.</p>`,
  },
  {
    slug: 'wti-brent-spread-narrows-as-us-exports-hit-europe',
    title: 'WTI-Brent Spread Narrows as US Crude Finds Buyers in Europe',
    excerpt: 'American light sweet crude is now part of the Brent pricing basket, and the discount between the two benchmarks has compressed.',
    author: 'Thomas Becker',
    category: 'oil-gas',
    daysAgo: 58,
    image: 'oil-rig',
    body: `<p>The price gap between West Texas Intermediate and Brent has narrowed to its tightest range in several months, as steady demand from European refiners absorbs rising US exports.</p>
<p>Since WTI Midland cargoes became eligible for the Dated Brent assessment, they have frequently set the benchmark price. That link has tied the two markers more closely together, and the spread now tends to track freight rates across the Atlantic.</p>
<h2>What the spread tells traders</h2>
<p>A narrow spread discourages arbitrage shipments and can signal that inland US supplies are tight. A wide spread, by contrast, usually pulls more American barrels to the Gulf Coast for export.</p>
<p>Analysts expect the spread to remain in a narrow band unless pipeline outages or a jump in freight costs disrupt the flows.</p>`,
  },
  {
    slug: 'offshore-wind-lease-sale-draws-record-bids',
    title: 'Offshore Wind Lease Sale Draws Strong Bids Off the Central Atlantic',
    excerpt: 'Developers committed hundreds of millions of dollars for areas that could eventually host several gigawatts of turbines.',
    author: 'Elena Park',
    category: 'renewables',
    featured: true,
    daysAgo: 2,
    image: 'wind-farm',
    body: `<p>A federal offshore wind lease sale off the central Atlantic coast closed with stronger bidding than many in the industry had expected, a sign that developers still see long-term value in the sector despite cost pressures.</p>
<p>The lease areas together could support several gigawatts of capacity, enough to power well over a million homes once built. Winning bidders now face years of surveys, permitting and supply-chain planning before construction can begin.</p>
<h2>A reset after a difficult period</h2>
<p>The sale follows a stretch in which several projects renegotiated or canceled power contracts because of higher interest rates and equipment costs. States have since revised their procurement rules to allow price adjustments tied to inflation.</p>
<blockquote><p>"The industry has repriced its risk. Bids today reflect realistic costs, which is healthier for everyone," said a consultant who advises coastal states.</p></blockquote>
<p>Port upgrades in Virginia, New Jersey and Maryland are moving ahead, and a new installation vessel built in a US shipyard is scheduled to enter service next year.</p>`,
  },
  {
    slug: 'utility-scale-solar-installations-set-quarterly-record',
    title: 'Utility-Scale Solar Installations Set a Quarterly Record',
    excerpt: 'Texas, California and Florida led a surge in new solar capacity, helped by lower module prices and faster interconnection.',
    author: 'Elena Park',
    category: 'renewables',
    featured: true,
    daysAgo: 5,
    image: 'solar-farm',
    body: `<p>The United States added more utility-scale solar capacity in the third quarter than in any previous quarter, according to industry tallies, with Texas once again the largest single market.</p>
<p>Falling module prices have offset higher financing costs for many developers. Imported panels are cheaper than a year ago, and domestic manufacturing capacity continues to grow as new factories in Georgia, Ohio and Texas come online.</p>
<h2>Storage is now part of the package</h2>
<p>Roughly half of new solar projects in the interconnection queues now include battery storage, which lets developers shift output into the evening peak when prices are highest. In California, solar-plus-storage has become the default design for new projects.</p>
<ul><li>Texas led new installations, followed by California and Florida.</li><li>Average module prices fell compared with a year earlier.</li><li>Hybrid solar-plus-storage projects dominate new queue entries.</li></ul>
<p>Interconnection remains the biggest bottleneck. Grid operators have begun reforms to process requests in clusters, but many projects still wait years for a grid connection.</p>`,
  },
  {
    slug: 'battery-storage-shaves-texas-evening-peak',
    title: 'Battery Storage Shaves the Texas Evening Peak',
    excerpt: 'Grid-scale batteries in ERCOT discharged at record levels during a late-summer heat wave, easing scarcity pricing.',
    author: 'Jordan Ellis',
    category: 'renewables',
    daysAgo: 14,
    image: 'battery',
    body: `<p>Batteries on the Texas grid delivered record output during the evening hours of a late-summer heat wave, filling the gap as solar generation faded and demand remained high.</p>
<p>Battery capacity in ERCOT has grown several-fold in two years. Operators charge them during the middle of the day, when solar output depresses prices, and discharge them when prices spike after sunset.</p>
<p>Market analysts said the fleet helped keep real-time prices below the levels seen in previous summers, even though peak demand set new highs. The effect was most visible in the hour just after sunset.</p>
<h2>Revenue risk for owners</h2>
<p>The same success could squeeze returns. As more storage is built, price spikes become shorter and shallower, leaving less arbitrage for each new project. Developers are now looking at longer-duration systems and ancillary service markets.</p>`,
  },
  {
    slug: 'geothermal-startups-bring-drilling-know-how-to-clean-power',
    title: 'Geothermal Start-ups Bring Oilfield Drilling Know-How to Clean Power',
    excerpt:
      'Enhanced geothermal systems borrow horizontal drilling and fracturing from shale, and a first commercial plant is nearing operation in Utah.',
    author: 'Elena Park',
    category: 'renewables',
    daysAgo: 40,
    image: 'geothermal',
    body: `<p>A new generation of geothermal companies is applying the drilling techniques of the shale boom to produce electricity from hot rock, and the first commercial-scale project is nearing operation in southwest Utah.</p>
<p>Enhanced geothermal systems create a reservoir by fracturing hot, dry rock and circulating water between wells. The approach could open geothermal power to far more of the country than conventional plants, which need naturally occurring hot water.</p>
<p>Drilling times have fallen sharply as crews adapt oilfield bits and rigs to granite at temperatures above 200 degrees Celsius. Several utilities in the West have signed power purchase agreements for output from future plants.</p>
<p>Because geothermal plants run around the clock, grid planners see them as a valuable complement to wind and solar.</p>`,
  },
  {
    slug: 'wind-repowering-extends-life-of-plains-farms',
    title: 'Repowering Gives Older Plains Wind Farms a Second Life',
    excerpt: 'Owners are swapping blades and nacelles on turbines built in the 2000s, boosting output on sites that already have grid connections.',
    author: 'Elena Park',
    category: 'renewables',
    daysAgo: 83,
    image: 'wind-farm',
    body: `<p>Across Iowa, Kansas and Oklahoma, wind farm owners are replacing rotors and drivetrains on turbines installed in the 2000s, a process known as repowering that can raise a site's output by a quarter or more.</p>
<p>The economics are attractive because the sites already hold grid connections, land leases and permits, which are often the hardest parts of building a new project. Longer blades capture more energy at lower wind speeds.</p>
<p>Repowering also qualifies projects for federal tax credits when enough of the equipment is replaced. Manufacturers report a steady order book for retrofit kits.</p>
<p>Local officials generally welcome the work, which extends property tax payments for another two decades.</p>`,
  },
  {
    slug: 'pjm-capacity-auction-prices-jump',
    title: 'PJM Capacity Auction Clears at Sharply Higher Prices',
    excerpt: 'The largest US grid operator’s latest auction signals a tightening supply picture as data-center demand rises and older plants retire.',
    author: 'Jordan Ellis',
    category: 'utilities',
    featured: true,
    daysAgo: 4,
    image: 'transmission',
    body: `<p>Prices in the latest capacity auction run by PJM Interconnection, the grid operator serving 13 states and the District of Columbia, cleared well above the previous year's levels, a result that will flow into household electricity bills from next summer.</p>
<p>The capacity market pays power plants to be available during periods of peak demand. Higher prices reflect a narrowing margin between expected peak load and available supply, as fossil plants retire faster than new resources connect.</p>
<h2>Data centers drive the forecast</h2>
<p>PJM's load forecast has been revised upward repeatedly, with data centers in northern Virginia, Ohio and Pennsylvania accounting for most of the growth. Utilities in those states have filed plans for new transmission lines and generation.</p>
<blockquote><p>"The market is sending exactly the signal it was designed to send: we need more supply," said a former regulator.</p></blockquote>
<p>Consumer advocates argue that interconnection reforms, not higher payments, are the missing piece, noting that many gigawatts of ready projects sit in the queue.</p>`,
  },
  {
    slug: 'utilities-file-record-transmission-spending-plans',
    title: 'Utilities File Record Transmission Spending Plans',
    excerpt:
      'Investor-owned utilities expect to spend more on high-voltage lines this year than ever before, as regional planners approve major projects.',
    author: 'Jordan Ellis',
    category: 'utilities',
    daysAgo: 12,
    image: 'transmission',
    body: `<p>Investor-owned utilities plan to spend a record amount on transmission this year, according to regulatory filings, as regional grid planners approve long-distance lines to connect new generation and serve growing demand.</p>
<p>The Midcontinent grid operator's multi-year portfolio alone covers thousands of miles of new high-voltage lines. In Texas, regulators approved a major buildout to serve oilfield electrification in the Permian Basin.</p>
<p>Supply chains for large power transformers remain tight, with lead times stretching beyond two years for some equipment. Utilities are ordering earlier and standardizing designs to cope.</p>
<p>Rating agencies view the spending as credit-neutral where regulators allow timely recovery, but warn that affordability will come under scrutiny as bills rise.</p>`,
  },
  {
    slug: 'wildfire-mitigation-costs-reshape-western-rate-cases',
    title: 'Wildfire Mitigation Costs Reshape Western Rate Cases',
    excerpt: 'Utilities in California, Oregon and Colorado are burying lines and shutting off power preemptively, and customers are paying for it.',
    author: 'Jordan Ellis',
    category: 'utilities',
    daysAgo: 33,
    image: 'substation',
    body: `<p>Wildfire risk has become one of the largest drivers of electricity rates in the western United States, as utilities spend billions to harden their systems and regulators weigh who should bear the costs.</p>
<p>Measures include undergrounding distribution lines in high-risk areas, installing covered conductors, expanding vegetation management and deploying weather stations and cameras. Public safety power shutoffs remain a last resort during extreme wind events.</p>
<h2>Liability is the open question</h2>
<p>Several states are considering wildfire funds modeled on California's, which pool money from utilities and customers to pay claims. Utilities argue that without liability limits, their cost of capital will keep rising.</p>
<p>Consumer groups counter that shareholders, not customers, should carry more of the risk for equipment-caused fires.</p>`,
  },
  {
    slug: 'smart-meter-data-helps-utilities-spot-ev-clusters',
    title: 'Smart Meter Data Helps Utilities Spot Neighborhood EV Clusters',
    excerpt: 'Distribution planners are using interval data to find where electric vehicles are straining local transformers before they fail.',
    author: 'Jordan Ellis',
    category: 'utilities',
    daysAgo: 71,
    image: 'grid-city',
    body: `<p>Electric vehicle adoption tends to cluster street by street, and utilities are increasingly mining smart meter data to find the neighborhoods where home charging is pushing transformers toward their limits.</p>
<p>A single Level 2 charger can double a household's peak demand. When several homes on the same transformer add chargers, the equipment can overheat, shortening its life or causing outages.</p>
<p>By analyzing fifteen-minute interval data, planners can identify charging signatures and upgrade equipment proactively. Some utilities pair this with time-of-use rates that encourage overnight charging.</p>
<p>Managed charging programs, in which the utility can shift charging times in exchange for a bill credit, are expanding in several states.</p>`,
  },
  {
    slug: 'co-ops-turn-to-community-solar-in-rural-markets',
    title: 'Rural Electric Co-ops Turn to Community Solar',
    excerpt: 'Member-owned cooperatives are building small shared solar arrays to give members a way to buy clean power without rooftop panels.',
    author: 'Elena Park',
    category: 'utilities',
    daysAgo: 120,
    image: 'solar-farm',
    body: `<p>Rural electric cooperatives, which serve about one in eight Americans, are building community solar projects that let members subscribe to a share of an array's output and receive credits on their bills.</p>
<p>Co-op leaders say the projects respond to member demand while avoiding the cost shifts that can come with rooftop net metering. Many of the arrays are sited on co-op-owned land near substations to keep interconnection costs low.</p>
<p>Federal programs for rural energy have helped finance a wave of projects, including some that pair solar with battery storage for resilience during outages.</p>`,
  },
  {
    slug: 'vogtle-fleet-hits-full-output-summer-peak',
    title: 'Georgia’s New Reactors Run at Full Output Through Summer Peak',
    excerpt:
      'The two newest US reactors ran near full power during the hottest weeks of the year, strengthening the case for new nuclear construction.',
    author: 'Priya Natarajan',
    category: 'nuclear',
    featured: true,
    daysAgo: 6,
    image: 'nuclear-plant',
    body: `<p>The two newest reactors in the United States operated close to full output through the summer peak, providing carbon-free baseload power to the Southeast during a period of record electricity demand.</p>
<p>The units, the first built from scratch in the country in decades, came online after years of delays and cost overruns. Their strong performance since then has become a talking point for supporters of new nuclear construction.</p>
<h2>Lessons for the next build</h2>
<p>Industry groups argue that the next plants of the same design should cost far less, because the supply chain, workforce and regulatory reviews now exist. Several utilities are studying whether to order additional units.</p>
<p>Skeptics note that no utility has yet committed to a new large reactor, and that financing remains the biggest hurdle without federal loan guarantees or cost-sharing.</p>`,
  },
  {
    slug: 'small-modular-reactor-permit-application-accepted',
    title: 'Regulators Accept First Construction Permit Review for a Utility SMR',
    excerpt: 'The Nuclear Regulatory Commission docketed a construction permit application for a small modular reactor at an existing plant site.',
    author: 'Priya Natarajan',
    category: 'nuclear',
    daysAgo: 19,
    image: 'nuclear-plant',
    body: `<p>The Nuclear Regulatory Commission has accepted for review a utility's construction permit application for a small modular reactor, beginning a process the agency expects to complete on an accelerated schedule.</p>
<p>Small modular reactors generate up to roughly 300 megawatts each and are designed to be built largely in factories, which developers say will reduce construction risk. Siting at an existing plant allows the project to reuse transmission, cooling water and a trained workforce.</p>
<p>Large technology companies have signed agreements to buy power from future advanced reactors, seeking around-the-clock clean electricity for data centers.</p>
<p>The NRC has been overhauling its licensing framework to handle a growing number of advanced reactor applications.</p>`,
  },
  {
    slug: 'restarting-a-retired-michigan-reactor',
    title: 'Inside the Effort to Restart a Retired Michigan Reactor',
    excerpt: 'A plant that shut down for economic reasons is being refurbished to return to service, a first for the US nuclear industry.',
    author: 'Priya Natarajan',
    category: 'nuclear',
    daysAgo: 47,
    image: 'cooling-tower',
    body: `<p>Crews at a nuclear plant on the shore of Lake Michigan are replacing steam generator tubes, inspecting the reactor vessel and retraining operators in an effort to return a retired reactor to service.</p>
<p>The plant closed for economic reasons, but rising power prices, state clean-energy targets and federal support have changed the math. A power purchase agreement with a rural cooperative covers much of the expected output.</p>
<p>Regulators must approve several licensing actions before fuel can be loaded. If successful, the project could become a template for other recently closed reactors.</p>`,
  },
  {
    slug: 'uranium-enrichment-capacity-expands-in-new-mexico',
    title: 'Domestic Uranium Enrichment Capacity Expands in New Mexico',
    excerpt: 'New centrifuge cascades aim to reduce US reliance on imported enriched uranium as a ban on Russian supply phases in.',
    author: 'Priya Natarajan',
    category: 'nuclear',
    daysAgo: 95,
    image: 'uranium',
    body: `<p>The only commercial uranium enrichment plant in the United States is adding centrifuge capacity, part of a broader push to rebuild domestic fuel supply chains as restrictions on Russian imports take effect.</p>
<p>Utilities have historically bought a significant share of their enrichment services from Russia. Federal legislation now phases out those imports, with waivers available only through a limited period.</p>
<p>Several companies are also pursuing production of high-assay low-enriched uranium, which many advanced reactor designs require and which is not produced commercially in the country today.</p>`,
  },
  {
    slug: 'nuclear-fleet-capacity-factor-remains-above-90-percent',
    title: 'US Nuclear Fleet Keeps Capacity Factor Above 90 Percent',
    excerpt: 'The country’s reactors continue to run more of the time than any other source, even as the fleet ages past 40 years.',
    author: 'Priya Natarajan',
    category: 'nuclear',
    daysAgo: 150,
    image: 'cooling-tower',
    body: `<p>The US nuclear fleet again ran at a capacity factor above 90 percent last year, meaning the average reactor produced more than nine-tenths of its maximum possible output, the highest of any generation source.</p>
<p>Shorter refueling outages, better maintenance planning and power uprates have steadily improved performance over three decades. Most reactors have received license extensions to 60 years, and several have applied to operate for 80.</p>
<p>Nuclear plants supply roughly a fifth of US electricity and about half of its carbon-free generation.</p>`,
  },
  {
    slug: 'powder-river-basin-shipments-fall-again',
    title: 'Powder River Basin Coal Shipments Fall Again',
    excerpt: 'Lower natural gas prices and plant retirements cut demand for Wyoming coal, while export outlets remain limited.',
    author: 'Samuel Reyes',
    category: 'coal',
    daysAgo: 8,
    image: 'coal-train',
    body: `<p>Rail shipments from Wyoming's Powder River Basin, the country's largest coal-producing region, fell again this year as power plants burned less coal and several units retired.</p>
<p>Low natural gas prices during the spring made gas-fired plants cheaper to run than many coal units, and growing wind and solar output further reduced coal burn. Stockpiles at power plants remain above normal.</p>
<p>Producers have few alternatives. Export terminals on the West Coast have faced persistent opposition, and the region's sub-bituminous coal is less attractive to overseas buyers than higher-energy grades.</p>
<p>Local governments in Campbell County and elsewhere are planning for a smaller industry, seeking new employers and tax bases.</p>`,
  },
  {
    slug: 'coal-plant-retirements-delayed-for-reliability',
    title: 'Several Coal Plant Retirements Delayed Over Reliability Concerns',
    excerpt: 'Grid operators asked owners to keep units running past planned closure dates while replacement capacity is built.',
    author: 'Samuel Reyes',
    category: 'coal',
    daysAgo: 22,
    image: 'coal-plant',
    body: `<p>Owners of several coal-fired power plants have agreed to postpone retirements after grid operators warned that closing them on schedule could threaten reliability during extreme weather.</p>
<p>The delays range from a few months to several years and typically come with payments to cover the cost of keeping the units available. Federal emergency orders have been used in a few cases.</p>
<h2>A bridge, not a reversal</h2>
<p>Utilities emphasize that the delays are temporary and tied to specific replacement projects, such as gas plants, batteries and transmission upgrades. Coal's share of US generation continues to decline over time.</p>
<p>Environmental groups argue that the delays are avoidable and push regulators to speed interconnection of new resources instead.</p>`,
  },
  {
    slug: 'appalachian-metallurgical-coal-exports-steady',
    title: 'Appalachian Metallurgical Coal Exports Hold Steady',
    excerpt: 'Steelmakers in Asia and Europe continue to buy US coking coal, keeping mines in West Virginia and Virginia busy.',
    author: 'Samuel Reyes',
    category: 'coal',
    daysAgo: 64,
    image: 'coal-train',
    body: `<p>Exports of metallurgical coal from Appalachia held near last year's levels, supported by steel production in India and steady purchases by European mills.</p>
<p>Unlike thermal coal burned for electricity, metallurgical coal is used to make coke for blast furnaces, and demand depends on steel output rather than power markets. Prices have eased from their highs but remain profitable for low-cost mines.</p>
<p>Producers are investing in new underground mines with high-quality reserves, even as they face tighter financing from banks and insurers.</p>`,
  },
  {
    slug: 'coal-communities-bet-on-new-industries',
    title: 'Coal Communities Bet on Data Centers and Manufacturing',
    excerpt: 'Towns that hosted retired coal plants are marketing their transmission access and industrial land to new employers.',
    author: 'Samuel Reyes',
    category: 'coal',
    daysAgo: 130,
    image: 'coal-plant',
    body: `<p>When a coal plant closes, it leaves behind a large industrial site, a skilled workforce and, crucially, a high-voltage grid connection. Communities from Pennsylvania to New Mexico are now marketing those assets to new industries.</p>
<p>Several former plant sites have been selected for battery factories, solar manufacturing and data centers. Federal tax credits offer a bonus for projects built in energy communities.</p>
<p>Local leaders caution that new jobs rarely match the number lost, and that replacing the plant's property tax payments takes years.</p>`,
  },
  {
    slug: 'coal-share-of-generation-hits-new-low',
    title: 'Coal’s Share of US Generation Hits a New Low',
    excerpt: 'Coal supplied a smaller share of US electricity in the first half of the year than in any comparable period on record.',
    author: 'Thomas Becker',
    category: 'coal',
    daysAgo: 175,
    image: 'coal-plant',
    body: `<p>Coal generated a smaller share of US electricity in the first half of the year than in any comparable period on record, as natural gas and renewables continued to take market share.</p>
<p>The decline was steepest in the spring, when demand is low and wind output is high. Coal plants increasingly run only in summer and winter peaks, which raises their per-unit costs.</p>
<p>Analysts expect the share to rebound slightly in years with high gas prices, but the long-term trend remains downward.</p>`,
  },
  {
    slug: 'ferc-interconnection-rule-first-compliance-results',
    title: 'FERC Interconnection Reforms Show First Results',
    excerpt: 'Grid operators have moved to cluster studies under the federal rule, and early data suggest queue times are starting to fall.',
    author: 'Rachel Kim',
    category: 'policy-regulation',
    featured: true,
    daysAgo: 7,
    image: 'capitol',
    body: `<p>Reforms to how new power plants connect to the grid, ordered by the Federal Energy Regulatory Commission, are beginning to show results, with several grid operators reporting faster study times in their first cluster cycles.</p>
<p>The rule replaced first-come, first-served processing with cluster studies, raised financial deposits to discourage speculative projects and set deadlines for transmission providers, with penalties for delays.</p>
<h2>Queues are shrinking, slowly</h2>
<p>Withdrawals of speculative projects have reduced the size of some queues, and studies for the remaining projects are completing faster. Developers say it is too early to call the problem solved.</p>
<ul><li>Cluster studies now standard in most regions.</li><li>Higher readiness deposits deter speculative requests.</li><li>Penalties apply when studies miss deadlines.</li></ul>
<p>The commission is separately considering rules on co-locating large loads, such as data centers, at existing power plants.</p>`,
  },
  {
    slug: 'epa-power-plant-rules-face-court-review',
    title: 'Power Plant Emissions Rules Head Back to Court',
    excerpt: 'A federal appeals court will hear challenges to greenhouse gas standards for existing coal and new gas-fired plants.',
    author: 'Rachel Kim',
    category: 'policy-regulation',
    daysAgo: 16,
    image: 'courthouse',
    body: `<p>A federal appeals court has scheduled arguments in challenges to the Environmental Protection Agency's greenhouse gas standards for power plants, the latest chapter in a decade-long legal fight over how the Clean Air Act applies to the sector.</p>
<p>The rules would require long-running coal plants and new baseload gas plants to capture most of their carbon emissions in the 2030s. States and industry groups argue that carbon capture is not yet adequately demonstrated at scale.</p>
<p>The agency has also signaled that it may revisit the standards, adding uncertainty for utilities planning investments that will last decades.</p>`,
  },
  {
    slug: 'state-clean-energy-standards-tighten',
    title: 'More States Tighten Clean Electricity Standards',
    excerpt: 'Legislatures in the Northeast and Midwest raised renewable targets and added clean-firm categories to count nuclear and geothermal.',
    author: 'Rachel Kim',
    category: 'policy-regulation',
    daysAgo: 52,
    image: 'capitol',
    body: `<p>Several state legislatures raised their clean electricity targets this year, and a growing number now count nuclear, geothermal and other always-available sources alongside wind and solar.</p>
<p>More than 20 states plus the District of Columbia have 100 percent clean or carbon-free electricity goals. Recent laws have tended to broaden eligible resources, reflecting concern about reliability as fossil plants retire.</p>
<p>Utilities say the targets are achievable but depend on faster permitting for transmission and generation.</p>`,
  },
  {
    slug: 'permitting-reform-bill-advances-in-senate',
    title: 'Energy Permitting Bill Advances in the Senate',
    excerpt: 'A bipartisan package would shorten environmental reviews and ease interregional transmission planning.',
    author: 'Rachel Kim',
    category: 'policy-regulation',
    daysAgo: 88,
    image: 'capitol',
    body: `<p>A bipartisan permitting reform bill cleared a key Senate committee, combining provisions that would shorten environmental reviews for energy projects with measures to encourage interregional transmission lines.</p>
<p>The package sets deadlines for federal reviews, narrows the window for legal challenges and gives federal regulators more authority over transmission cost allocation. It also includes provisions favoured by oil and gas producers, such as lease sale requirements.</p>
<p>Supporters say the bill is essential to build infrastructure at the pace demand requires. Opponents on both sides object to specific provisions, and floor timing remains uncertain.</p>`,
  },
  {
    slug: 'lng-export-approvals-resume',
    title: 'Federal LNG Export Approvals Resume After Review',
    excerpt: 'The Energy Department updated its public-interest analysis and began issuing non-FTA export authorizations again.',
    author: 'Marcus Ortega',
    category: 'policy-regulation',
    daysAgo: 160,
    image: 'lng-tanker',
    body: `<p>The Department of Energy resumed approving liquefied natural gas exports to countries without free trade agreements with the United States, following an updated study of the economic and environmental effects of further export growth.</p>
<p>Several Gulf Coast projects awaiting authorization can now move toward final investment decisions. Developers have signed long-term supply contracts with buyers in Europe and Asia.</p>
<p>The study found that higher exports would modestly raise domestic natural gas prices, a point consumer and industrial groups have raised in opposition.</p>`,
  },
];
