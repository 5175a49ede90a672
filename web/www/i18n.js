// The page's own words in the four languages of the labels. The set itself
// is labelled by the core's language packs; these are only the page's controls.
export const WORDS = {
  en: {
    title: "Jungle set maker",
    intro: "Choose, look, download: a board, counters, rules and a box to print. Everything is made in this page; nothing is sent anywhere.",
    set: "The set", lang: "Language of the labels", theme: "Look",
    phonetic: "Reading with the Chinese characters", "phonetic-": "As the language pack says",
    "phonetic-none": "None", "phonetic-zhuyin": "Zhuyin beside every character",
    "phonetic-pinyin": "Pinyin over every character",
    "theme-classic": "Classic", "theme-traditional": "Traditional", "theme-ink-saver": "Ink saver",
    "theme-high-contrast": "High contrast", "theme-kids": "Kids",
    rules: "Rules", "rules-standard": "Standard", "rules-bell": "R. C. Bell", "rules-fox": "With a fox",
    "rules-checkers": "Checkers style", paper: "Paper", "paper-custom": "Custom size…", "paper-w": "Paper width, mm", "paper-h": "Paper height, mm",
    square: "Board square, mm (empty: largest that fits)",
    sides: "Counters", "sides-fold": "Fold over (front and back side by side)", "sides-single": "Fronts only",
    "sides-duplex": "Double-sided printer, long edge", "sides-duplex-short": "Double-sided printer, short edge",
    shape: "Counter shape", "shape-circle": "Circle", "shape-square": "Square", "shape-rounded": "Rounded square",
    "shape-octagon": "Octagon",
    own: "Your own files (optional)", "theme-file": "Theme file (.toml)", "lang-file": "Language pack (.toml)",
    "rules-file": "Ruleset (.toml)", "clear-files": "Forget my files",
    download: "Download", "download-pdf": "Download PDF (whole set)",
    "download-svg": "Download SVG (a file per page)", "download-png": "Download PNG (a file per page)",
    "download-html": "Download the rules as a web page (HTML, read aloud by screen readers)",
    split: "One file per piece (board, counters, box, rules)",
    preview: "The pages", footer: "Print at 100 % (actual size). Made with jungle-print, free software.",
    working: "Making the set…", made: (n, ms) => `${n} page${n === 1 ? "" : "s"}, made in ${ms} ms.`,
    pageOf: (i, n) => `Page ${i} of ${n}`, crashed: "Something went wrong inside the generator; it has been restarted.",
    loading: "Loading the generator…",
  },
  fr: {
    title: "Fabrique de jeux de la jungle",
    intro: "Choisissez, regardez, téléchargez : un plateau, des pions, les règles et une boîte à imprimer. Tout est fait dans cette page ; rien n’est envoyé nulle part.",
    set: "Le jeu", lang: "Langue des étiquettes", theme: "Apparence",
    phonetic: "Prononciation des caractères chinois", "phonetic-": "Celle du fichier de langue",
    "phonetic-none": "Aucune", "phonetic-zhuyin": "Zhuyin à côté de chaque caractère",
    "phonetic-pinyin": "Pinyin au-dessus de chaque caractère",
    "theme-classic": "Classique", "theme-traditional": "Traditionnel", "theme-ink-saver": "Économie d’encre",
    "theme-high-contrast": "Contraste élevé", "theme-kids": "Enfants",
    rules: "Règles", "rules-standard": "Standard", "rules-bell": "R. C. Bell", "rules-fox": "Avec un renard",
    "rules-checkers": "Façon dames", paper: "Papier", "paper-custom": "Autre format…", "paper-w": "Largeur du papier, mm", "paper-h": "Hauteur du papier, mm",
    square: "Case du plateau, mm (vide : la plus grande possible)",
    sides: "Pions", "sides-fold": "À plier (recto et verso côte à côte)", "sides-single": "Recto seulement",
    "sides-duplex": "Imprimante recto verso, bord long", "sides-duplex-short": "Imprimante recto verso, bord court",
    shape: "Forme des pions", "shape-circle": "Rond", "shape-square": "Carré", "shape-rounded": "Carré arrondi",
    "shape-octagon": "Octogone",
    own: "Vos propres fichiers (facultatif)", "theme-file": "Fichier de thème (.toml)",
    "lang-file": "Fichier de langue (.toml)", "rules-file": "Fichier de règles (.toml)",
    "clear-files": "Oublier mes fichiers",
    download: "Télécharger", "download-pdf": "Télécharger le PDF (tout le jeu)",
    "download-svg": "Télécharger en SVG (un fichier par page)", "download-png": "Télécharger en PNG (un fichier par page)",
    "download-html": "Télécharger les règles en page web (HTML, lue par les lecteurs d’écran)",
    split: "Un fichier par pièce (plateau, pions, boîte, règles)",
    preview: "Les pages", footer: "Imprimez à 100 % (taille réelle). Fait avec jungle-print, logiciel libre.",
    working: "Fabrication du jeu…", made: (n, ms) => `${n} page${n === 1 ? "" : "s"}, faite${n === 1 ? "" : "s"} en ${ms} ms.`,
    pageOf: (i, n) => `Page ${i} sur ${n}`, crashed: "Une erreur est survenue dans le générateur ; il a été relancé.",
    loading: "Chargement du générateur…",
  },
  "zh-Hant": {
    title: "鬥獸棋製作器",
    intro: "選擇、預覽、下載：可列印的棋盤、棋子、規則和盒子。一切都在這個網頁裡完成，不會上傳任何資料。",
    set: "這一套棋", lang: "標籤語言", theme: "外觀",
    phonetic: "漢字的注音", "phonetic-": "依語言檔", "phonetic-none": "不標注音",
    "phonetic-zhuyin": "每個字都標注音符號", "phonetic-pinyin": "每個字上方標拼音",
    "theme-classic": "經典", "theme-traditional": "傳統", "theme-ink-saver": "省墨",
    "theme-high-contrast": "高對比", "theme-kids": "兒童",
    rules: "規則", "rules-standard": "標準", "rules-bell": "R. C. Bell 版", "rules-fox": "有狐狸",
    "rules-checkers": "跳棋式", paper: "紙張", "paper-custom": "自訂尺寸…", "paper-w": "紙張寬度（公釐）", "paper-h": "紙張高度（公釐）",
    square: "棋盤格大小（公釐，留空則取最大）",
    sides: "棋子", "sides-fold": "對摺（正反面並排）", "sides-single": "只印正面",
    "sides-duplex": "雙面列印，長邊翻轉", "sides-duplex-short": "雙面列印，短邊翻轉",
    shape: "棋子形狀", "shape-circle": "圓形", "shape-square": "方形", "shape-rounded": "圓角方形",
    "shape-octagon": "八角形",
    own: "自己的檔案（選用）", "theme-file": "主題檔（.toml）", "lang-file": "語言檔（.toml）",
    "rules-file": "規則檔（.toml）", "clear-files": "移除我的檔案",
    download: "下載", "download-pdf": "下載 PDF（整套）",
    "download-svg": "下載 SVG（每頁一個檔案）", "download-png": "下載 PNG（每頁一個檔案）",
    "download-html": "下載規則網頁（HTML，讀屏軟體可以唸）",
    split: "每個部分一個檔案（棋盤、棋子、盒子、規則）",
    preview: "各頁預覽", footer: "請以 100%（實際大小）列印。由自由軟體 jungle-print 製作。",
    working: "正在製作……", made: (n, ms) => `共 ${n} 頁，用時 ${ms} 毫秒。`,
    pageOf: (i, n) => `第 ${i} 頁，共 ${n} 頁`, crashed: "產生器內部出錯，已重新啟動。",
    loading: "正在載入產生器……",
  },
  "zh-Hans": {
    title: "斗兽棋制作器",
    intro: "选择、预览、下载：可打印的棋盘、棋子、规则和盒子。一切都在这个网页里完成，不会上传任何数据。",
    set: "这一套棋", lang: "标签语言", theme: "外观",
    phonetic: "汉字注音", "phonetic-": "按语言文件", "phonetic-none": "不注音",
    "phonetic-zhuyin": "每个字旁标注音符号", "phonetic-pinyin": "每个字上方标拼音",
    "theme-classic": "经典", "theme-traditional": "传统", "theme-ink-saver": "省墨",
    "theme-high-contrast": "高对比", "theme-kids": "儿童",
    rules: "规则", "rules-standard": "标准", "rules-bell": "R. C. Bell 版", "rules-fox": "有狐狸",
    "rules-checkers": "跳棋式", paper: "纸张", "paper-custom": "自定义尺寸…", "paper-w": "纸张宽度（毫米）", "paper-h": "纸张高度（毫米）",
    square: "棋盘格大小（毫米，留空则取最大）",
    sides: "棋子", "sides-fold": "对折（正反面并排）", "sides-single": "只印正面",
    "sides-duplex": "双面打印，长边翻转", "sides-duplex-short": "双面打印，短边翻转",
    shape: "棋子形状", "shape-circle": "圆形", "shape-square": "方形", "shape-rounded": "圆角方形",
    "shape-octagon": "八角形",
    own: "自己的文件（可选）", "theme-file": "主题文件（.toml）", "lang-file": "语言文件（.toml）",
    "rules-file": "规则文件（.toml）", "clear-files": "移除我的文件",
    download: "下载", "download-pdf": "下载 PDF（整套）",
    "download-svg": "下载 SVG（每页一个文件）", "download-png": "下载 PNG（每页一个文件）",
    "download-html": "下载规则网页（HTML，读屏软件可以念）",
    split: "每个部分一个文件（棋盘、棋子、盒子、规则）",
    preview: "各页预览", footer: "请以 100%（实际大小）打印。由自由软件 jungle-print 制作。",
    working: "正在制作……", made: (n, ms) => `共 ${n} 页，用时 ${ms} 毫秒。`,
    pageOf: (i, n) => `第 ${i} 页，共 ${n} 页`, crashed: "生成器内部出错，已重新启动。",
    loading: "正在加载生成器……",
  },
};

/// The page language for a browser language tag (zh-TW → zh-Hant, …).
export function fromBrowser(tags) {
  for (const tag of tags) {
    const t = tag.toLowerCase();
    if (t.startsWith("zh")) return /hant|tw|hk|mo/.test(t) ? "zh-Hant" : "zh-Hans";
    if (t.startsWith("fr")) return "fr";
    if (t.startsWith("en")) return "en";
  }
  return "en";
}

// The theme maker and the options of each product.
Object.assign(WORDS.en, {
  "frame-view": "The picture as its counter shows it", "frame-zoom": "Zoom",
  "frame-hint": "Drag the picture to move it; zoom with the control, the wheel or two fingers (arrow keys and + / − work too).",
  "frame-auto": "Automatic frame",
  "theme-picture-book": "Picture book",
  make: "What to make", command: "Make", "command-set": "The whole set", "command-board": "The board",
  "command-counters": "The counters", "command-rules": "The rules handout", "command-poster": "The rules poster",
  "command-box": "The box", "command-puzzles": "Puzzle sheets", count: "How many puzzles (12 to a page)", difficulty: "Difficulty", "difficulty-easy": "Easy", "difficulty-medium": "Medium", "difficulty-hard": "Hard", seed: "Puzzle number (the same number, the same sheet)", purpose: "For", "purpose-home": "A home printer", "purpose-laser": "A laser cutter (SVG)", "purpose-print-shop": "A print shop (PDF/X in CMYK)", bleed: "Bleed, mm (print shops ask for 3)",
  size: "Counter size, mm (empty: the default)", copies: "Copies (class sets)",
  "back-offset": "Back offset X,Y in mm (printer drift)", tile: "Tile over smaller sheets of", "tile-none": "No tiling",
  "poster-paper": "Rules poster sized for", "poster-paper-none": "No poster paper (the set’s own)",
  card: "Card thickness, mm", "crop-marks": "Crop marks", "no-coordinates": "No a–g / 1–9 coordinates",
  cover: "Cover page", boxed: "Box", poster: "Rules poster", "shared-cuts": "Shared cuts (square counters)",
  kerf: "Kerf, mm (width of the laser's cut)",
  maker: "Make your own look",
  "maker-intro": "Start from the look chosen above and change any colour, style or picture; the pages follow. Your pictures and fonts stay in this browser.",
  "keys-board": "Board", "keys-sides": "The two sides", "keys-counters": "Counters", "keys-box": "Box", "keys-pictures": "Pictures",
  "keys-fonts": "Fonts", "keys-page": "Page", picker: "colour picker", none: "none", reset: "Reset",
  "not-colour": "Not a colour: write #rrggbb, rgb(r, g, b), cmyk(c%, m%, y%, k%) or a colour name.",
  range: (a, b) => `Give a number from ${a} to ${b}.`,
  "extends-file": "This theme builds on another theme file; load that file instead, or a theme that builds on a built-in look.",
  "theme-reset": "Start again from the chosen look", "theme-save": "Save theme (.zip)",
  "theme-load": "Load a saved theme (.zip or .toml)", "no-theme-in-zip": "the zip holds no theme.toml",
  "command-intro": "The same file from the command line (run it in the folder that holds the unzipped my-theme/):",
  "copy-command": "Copy the command", "download-pdf": "Download PDF",
});
Object.assign(WORDS.fr, {
  "frame-view": "L’image telle que le pion la montre", "frame-zoom": "Zoom",
  "frame-hint": "Faites glisser l’image pour la déplacer\u202f; zoomez avec le curseur, la molette ou deux doigts (les flèches et + / − aussi).",
  "frame-auto": "Cadrage automatique",
  "theme-picture-book": "Livre d’images",
  make: "Que fabriquer", command: "Fabriquer", "command-set": "Le jeu complet", "command-board": "Le plateau",
  "command-counters": "Les pions", "command-rules": "La règle du jeu", "command-poster": "L’affiche des règles",
  "command-box": "La boîte", "command-puzzles": "Fiches de problèmes", count: "Nombre de problèmes (12 par page)", difficulty: "Difficulté", "difficulty-easy": "Facile", "difficulty-medium": "Moyen", "difficulty-hard": "Difficile", seed: "Numéro de la fiche (même numéro, même fiche)", purpose: "Pour", "purpose-home": "Une imprimante de bureau", "purpose-laser": "Une découpeuse laser (SVG)", "purpose-print-shop": "Un imprimeur (PDF/X en CMJN)", bleed: "Fond perdu, mm (les imprimeurs demandent 3)",
  size: "Taille des pions, mm (vide\u202f: par défaut)", copies: "Exemplaires (jeux pour la classe)",
  "back-offset": "Décalage du verso X,Y en mm (dérive de l’imprimante)", tile: "Découper en feuilles plus petites", "tile-none": "Une seule feuille",
  "poster-paper": "Affiche des règles au format", "poster-paper-none": "Pas de format d’affiche (celui du jeu)",
  card: "Épaisseur du carton, mm", "crop-marks": "Traits de coupe", "no-coordinates": "Sans coordonnées a–g / 1–9",
  cover: "Page de couverture", boxed: "Boîte", poster: "Affiche des règles", "shared-cuts": "Coupes partagées (pions carrés)",
  kerf: "Trait de coupe du laser, mm",
  maker: "Créez votre apparence",
  "maker-intro": "Partez de l’apparence choisie plus haut et changez n’importe quelle couleur, style ou image\u202f: les pages suivent. Vos images et polices restent dans ce navigateur.",
  "keys-board": "Plateau", "keys-sides": "Les deux camps", "keys-counters": "Pions", "keys-box": "Boîte", "keys-pictures": "Images",
  "keys-fonts": "Polices", "keys-page": "Page", picker: "sélecteur de couleur", none: "aucune", reset: "Rétablir",
  "not-colour": "Ce n’est pas une couleur\u202f: écrivez #rrggbb, rgb(r, g, b), cmyk(c%, m%, j%, n%) ou un nom de couleur.",
  range: (a, b) => `Donnez un nombre de ${a} à ${b}.`,
  "extends-file": "Ce thème s’appuie sur un autre fichier de thème\u202f: chargez plutôt celui-là, ou un thème qui part d’une apparence fournie.",
  "theme-reset": "Repartir de l’apparence choisie", "theme-save": "Enregistrer le thème (.zip)",
  "theme-load": "Charger un thème enregistré (.zip ou .toml)", "no-theme-in-zip": "le zip ne contient pas de theme.toml",
  "command-intro": "Le même fichier en ligne de commande (à lancer dans le dossier qui contient my-theme/ décompressé)\u202f:",
  "copy-command": "Copier la commande", "download-pdf": "Télécharger le PDF",
});
Object.assign(WORDS["zh-Hant"], {
  "frame-view": "圖片在棋子上的樣子", "frame-zoom": "縮放",
  "frame-hint": "拖曳圖片來移動；用滑桿、滑鼠滾輪或兩指縮放（方向鍵和 + / − 也可以）。",
  "frame-auto": "自動取景",
  "theme-picture-book": "圖畫書",
  make: "要製作什麼", command: "製作", "command-set": "整套棋", "command-board": "棋盤",
  "command-counters": "棋子", "command-rules": "規則說明", "command-poster": "規則海報",
  "command-box": "盒子", "command-puzzles": "棋題練習單", count: "題數（每頁 12 題）", difficulty: "難度", "difficulty-easy": "簡單", "difficulty-medium": "中等", "difficulty-hard": "困難", seed: "題組編號（同一編號，同一張練習單）", purpose: "用途", "purpose-home": "家用印表機", "purpose-laser": "雷射切割機（SVG）", "purpose-print-shop": "印刷廠（CMYK 的 PDF/X）", bleed: "出血（公釐，印刷廠通常要 3）",
  size: "棋子大小（公釐，空白為預設）", copies: "份數（全班用）",
  "back-offset": "背面偏移 X,Y（公釐，校正印表機偏差）", tile: "分印在這種較小的紙上", "tile-none": "不分印",
  "poster-paper": "規則海報的紙張大小", "poster-paper-none": "不另選（與整套相同）",
  card: "卡紙厚度（公釐）", "crop-marks": "裁切線", "no-coordinates": "不印 a–g / 1–9 座標",
  cover: "封面", boxed: "盒子", poster: "規則海報", "shared-cuts": "共用切割線（方形棋子）",
  kerf: "雷射切縫寬度（公釐）",
  maker: "設計自己的樣式",
  "maker-intro": "從上面選的樣式開始，任意更改顏色、樣式或圖片，頁面會跟著變。你的圖片和字型只留在這個瀏覽器裡。",
  "keys-board": "棋盤", "keys-sides": "雙方", "keys-counters": "棋子", "keys-box": "盒子", "keys-pictures": "圖片",
  "keys-fonts": "字型", "keys-page": "頁面", picker: "選色器", none: "無", reset: "還原",
  "not-colour": "這不是顏色：請寫 #rrggbb、rgb(r, g, b)、cmyk(c%, m%, y%, k%) 或顏色名稱。",
  range: (a, b) => `請填 ${a} 到 ${b} 之間的數字。`,
  "extends-file": "這個樣式是建立在另一個樣式檔上的；請改為載入那個檔案，或從內建樣式出發的樣式。",
  "theme-reset": "從選定的樣式重新開始", "theme-save": "儲存樣式（.zip）",
  "theme-load": "載入儲存的樣式（.zip 或 .toml）", "no-theme-in-zip": "這個 zip 裡沒有 theme.toml",
  "command-intro": "用命令列做出同一個檔案（在放有解壓後 my-theme/ 的資料夾裡執行）：",
  "copy-command": "複製命令", "download-pdf": "下載 PDF",
});
Object.assign(WORDS["zh-Hans"], {
  "frame-view": "图片在棋子上的样子", "frame-zoom": "缩放",
  "frame-hint": "拖动图片来移动；用滑块、鼠标滚轮或两指缩放（方向键和 + / − 也可以）。",
  "frame-auto": "自动取景",
  "theme-picture-book": "图画书",
  make: "要制作什么", command: "制作", "command-set": "整套棋", "command-board": "棋盘",
  "command-counters": "棋子", "command-rules": "规则说明", "command-poster": "规则海报",
  "command-box": "盒子", "command-puzzles": "棋题练习单", count: "题数（每页 12 题）", difficulty: "难度", "difficulty-easy": "简单", "difficulty-medium": "中等", "difficulty-hard": "困难", seed: "题组编号（同一编号，同一张练习单）", purpose: "用途", "purpose-home": "家用打印机", "purpose-laser": "激光切割机（SVG）", "purpose-print-shop": "印刷厂（CMYK 的 PDF/X）", bleed: "出血（毫米，印刷厂通常要 3）",
  size: "棋子大小（毫米，空白为默认）", copies: "份数（全班用）",
  "back-offset": "背面偏移 X,Y（毫米，校正打印机偏差）", tile: "分印在这种较小的纸上", "tile-none": "不分印",
  "poster-paper": "规则海报的纸张大小", "poster-paper-none": "不另选（与整套相同）",
  card: "卡纸厚度（毫米）", "crop-marks": "裁切线", "no-coordinates": "不印 a–g / 1–9 坐标",
  cover: "封面", boxed: "盒子", poster: "规则海报", "shared-cuts": "共用切割线（方形棋子）",
  kerf: "激光切缝宽度（毫米）",
  maker: "设计自己的样式",
  "maker-intro": "从上面选的样式开始，随意更改颜色、样式或图片，页面会跟着变。你的图片和字体只留在这个浏览器里。",
  "keys-board": "棋盘", "keys-sides": "双方", "keys-counters": "棋子", "keys-box": "盒子", "keys-pictures": "图片",
  "keys-fonts": "字体", "keys-page": "页面", picker: "取色器", none: "无", reset: "还原",
  "not-colour": "这不是颜色：请写 #rrggbb、rgb(r, g, b)、cmyk(c%, m%, y%, k%) 或颜色名称。",
  range: (a, b) => `请填 ${a} 到 ${b} 之间的数字。`,
  "extends-file": "这个样式是建立在另一个样式文件上的；请改为载入那个文件，或从内置样式出发的样式。",
  "theme-reset": "从选定的样式重新开始", "theme-save": "保存样式（.zip）",
  "theme-load": "载入保存的样式（.zip 或 .toml）", "no-theme-in-zip": "这个 zip 里没有 theme.toml",
  "command-intro": "用命令行做出同一个文件（在放有解压后 my-theme/ 的文件夹里运行）：",
  "copy-command": "复制命令", "download-pdf": "下载 PDF",
});

// The core's refusals in the page's words: each kind of error (its `code`:
// the library's `Error::kind`, or the page's own `range`, `at-least` and
// `not-number`; see web/src/lib.rs `reason` and `error_kinds`) with its values,
// which the core has made safe and which are shown as text. `field` is the
// label of the control it is about (empty when none). In English, and for a
// kind a language has no words for, the page shows the core's message: the
// command line's words, options named without dashes.
const mm = (unit, word) => (unit === "mm" ? word : "");
WORDS.en["file-too-large"] = (name, size) => `“${name}”: ${size} bytes is too large (at most 1 MiB).`;
WORDS.en["not-utf8"] = (name) => `“${name}” is not UTF-8 text; save the file as UTF-8.`;
WORDS.en.stale = "These pages are out of date: fix the value marked in red and they are made again.";

WORDS.fr.errors = {
  range: (field, v, lo, hi, unit) => `${field}\u202f: ${v}${mm(unit, " mm")} est hors limites\u202f; donnez de ${lo} à ${hi}${mm(unit, " mm")}.`,
  "at-least": (field, v, lo, unit) => `${field}\u202f: ${v}${mm(unit, " mm")} est trop petit\u202f; donnez au moins ${lo}${mm(unit, " mm")}.`,
  "not-number": (field, v) => `${field}\u202f: «\u202f${v}\u202f» n’est pas un nombre.`,
  "board-too-large": (field, v, largest) => `${field}\u202f: un plateau à cases de ${v} mm ne tient pas sur ce papier\u202f; donnez au plus ${largest} mm, ou choisissez un papier plus grand.`,
  "counter-too-large": (field, v) => `${field}\u202f: des pions de ${v} mm ne tiennent pas sur ce papier\u202f; choisissez des pions plus petits ou un papier plus grand.`,
  "paper-too-small-for-rules": () => "Ce papier est trop petit pour ce qui est fabriqué\u202f; choisissez un papier plus grand.",
  "box-too-large": () => "La boîte dépliée est plus grande que ce papier\u202f; choisissez un papier plus grand (A3) ou des pions plus petits.",
  "too-many-pages": (field, pages, max) => `Cela ferait ${pages} pages, plus que la limite de ${max}\u202f; choisissez un papier plus grand ou moins d’exemplaires.`,
  "too-many-sets": (field, sets, fit) => `${field}\u202f: ${sets} jeux font trop de pages\u202f; faites-en au plus ${fit}.`,
  "not-tileable": () => "Le plateau ne peut pas être découpé sur ces feuilles\u202f; choisissez des feuilles plus grandes ou des cases plus petites.",
  "crop-marks-tiled": () => "Les traits de coupe vont avec un plateau sur une seule feuille, et celui-ci est découpé\u202f: retirez-les ou choisissez une case qui tient sur le papier.",
  "poster-too-small": (field, w, h) => `${field}\u202f: l’affiche des règles ne tient pas sur un papier de ${w} × ${h} mm, même avec son plus petit texte\u202f; choisissez un papier plus grand (A4 ou plus).`,
  "poster-tile-whole": (field) => `${field}\u202f: une seule de ces feuilles contient toute l’affiche, il n’y a rien à découper\u202f; choisissez des feuilles plus petites, ou un papier plus grand pour l’affiche.`,
  "poster-not-tileable": (field, max) => `${field}\u202f: l’affiche ne peut pas être découpée sur ces feuilles (trop petites, ou plus de ${max} feuilles)\u202f; choisissez des feuilles plus grandes ou une affiche plus petite.`,
  "tile-without-poster": (field) => `${field}\u202f: seule l’affiche des règles peut être découpée en feuilles plus petites\u202f; demandez l’affiche, ou une seule feuille.`,
  "tile-not-needed": (field) => `${field}\u202f: une seule de ces feuilles contient tout le plateau, il n’y a rien à découper\u202f; choisissez «\u202fUne seule feuille\u202f», ou imprimez sur ce papier.`,
  "laser-for-paper": () => "Une découpeuse laser fabrique le plateau, les pions et la boîte, chaque pion entier\u202f: choisissez-les, recto seulement, ou un autre usage.",
  input: (field, file, line, key) => `${file}, ligne ${line}${key ? `, clé ${key}` : ""}\u202f: à corriger (message du générateur)\u202f:`,
};
WORDS.fr["file-too-large"] = (name, size) => `«\u202f${name}\u202f»\u202f: ${size} octets, c’est trop (1 Mio au plus).`;
WORDS.fr["not-utf8"] = (name) => `«\u202f${name}\u202f» n’est pas du texte UTF-8\u202f; enregistrez le fichier en UTF-8.`;
WORDS.fr.stale = "Ces pages ne sont plus à jour\u202f: corrigez la valeur marquée en rouge et elles seront refaites.";

WORDS["zh-Hant"].errors = {
  range: (field, v, lo, hi, unit) => `${field}：${v}${mm(unit, " 公釐")} 超出範圍；請填 ${lo} 到 ${hi}${mm(unit, " 公釐")}。`,
  "at-least": (field, v, lo, unit) => `${field}：${v}${mm(unit, " 公釐")} 太小；至少要 ${lo}${mm(unit, " 公釐")}。`,
  "not-number": (field, v) => `${field}：「${v}」不是數字。`,
  "board-too-large": (field, v, largest) => `${field}：格子 ${v} 公釐的棋盤放不進這種紙；請填最多 ${largest} 公釐，或選大一點的紙。`,
  "counter-too-large": (field, v) => `${field}：${v} 公釐的棋子放不進這種紙；請選小一點的棋子或大一點的紙。`,
  "paper-too-small-for-rules": () => "這種紙太小，放不下要製作的內容；請選大一點的紙。",
  "box-too-large": () => "盒子展開後比這種紙大；請選大一點的紙（A3）或小一點的棋子。",
  "too-many-pages": (field, pages, max) => `這樣會有 ${pages} 頁，超過上限 ${max} 頁；請選大一點的紙或少印幾份。`,
  "too-many-sets": (field, sets, fit) => `${field}：${sets} 套的頁數太多；最多做 ${fit} 套。`,
  "not-tileable": () => "棋盤無法分印在這種紙上；請選大一點的紙或小一點的格子。",
  "crop-marks-tiled": () => "裁切線是給印在一張紙上的棋盤用的，這個棋盤是分印的：請取消裁切線，或選放得進紙的格子大小。",
  "poster-too-small": (field, w, h) => `${field}：規則海報即使用最小的字也放不進 ${w} × ${h} 公釐的紙；請選大一點的紙（A4 以上）。`,
  "poster-tile-whole": (field) => `${field}：一張這種紙就放得下整張海報，不必分印；請選小一點的紙，或把海報做大一點。`,
  "poster-not-tileable": (field, max) => `${field}：海報無法分印在這種紙上（紙太小，或超過 ${max} 張）；請選大一點的紙或小一點的海報。`,
  "tile-without-poster": (field) => `${field}：只有規則海報可以分印在較小的紙上；請選海報，或選不分印。`,
  "tile-not-needed": (field) => `${field}：一張這種紙就放得下整個棋盤，不必分印；請選「不分印」，或直接印在這種紙上。`,
  "laser-for-paper": () => "雷射切割機只做棋盤、棋子和盒子，每個棋子整片切下：請選這些、只印正面，或改選其他用途。",
  input: (field, file, line, key) => `${file} 第 ${line} 行${key ? `，鍵 ${key}` : ""}需要修正（產生器的說明）：`,
};
WORDS["zh-Hant"]["file-too-large"] = (name, size) => `「${name}」有 ${size} 位元組，太大了（最多 1 MiB）。`;
WORDS["zh-Hant"]["not-utf8"] = (name) => `「${name}」不是 UTF-8 文字；請把檔案存成 UTF-8。`;
WORDS["zh-Hant"].stale = "這些頁面已經過時：請修正標成紅色的值，頁面就會重新製作。";

WORDS["zh-Hans"].errors = {
  range: (field, v, lo, hi, unit) => `${field}：${v}${mm(unit, " 毫米")} 超出范围；请填 ${lo} 到 ${hi}${mm(unit, " 毫米")}。`,
  "at-least": (field, v, lo, unit) => `${field}：${v}${mm(unit, " 毫米")} 太小；至少要 ${lo}${mm(unit, " 毫米")}。`,
  "not-number": (field, v) => `${field}：“${v}”不是数字。`,
  "board-too-large": (field, v, largest) => `${field}：格子 ${v} 毫米的棋盘放不进这种纸；请填最多 ${largest} 毫米，或选大一点的纸。`,
  "counter-too-large": (field, v) => `${field}：${v} 毫米的棋子放不进这种纸；请选小一点的棋子或大一点的纸。`,
  "paper-too-small-for-rules": () => "这种纸太小，放不下要制作的内容；请选大一点的纸。",
  "box-too-large": () => "盒子展开后比这种纸大；请选大一点的纸（A3）或小一点的棋子。",
  "too-many-pages": (field, pages, max) => `这样会有 ${pages} 页，超过上限 ${max} 页；请选大一点的纸或少印几份。`,
  "too-many-sets": (field, sets, fit) => `${field}：${sets} 套的页数太多；最多做 ${fit} 套。`,
  "not-tileable": () => "棋盘无法分印在这种纸上；请选大一点的纸或小一点的格子。",
  "crop-marks-tiled": () => "裁切线是给印在一张纸上的棋盘用的，这个棋盘是分印的：请取消裁切线，或选放得进纸的格子大小。",
  "poster-too-small": (field, w, h) => `${field}：规则海报即使用最小的字也放不进 ${w} × ${h} 毫米的纸；请选大一点的纸（A4 以上）。`,
  "poster-tile-whole": (field) => `${field}：一张这种纸就放得下整张海报，不必分印；请选小一点的纸，或把海报做大一点。`,
  "poster-not-tileable": (field, max) => `${field}：海报无法分印在这种纸上（纸太小，或超过 ${max} 张）；请选大一点的纸或小一点的海报。`,
  "tile-without-poster": (field) => `${field}：只有规则海报可以分印在较小的纸上；请选海报，或选不分印。`,
  "tile-not-needed": (field) => `${field}：一张这种纸就放得下整个棋盘，不必分印；请选“不分印”，或直接印在这种纸上。`,
  "laser-for-paper": () => "激光切割机只做棋盘、棋子和盒子，每个棋子整片切下：请选这些、只印正面，或改选其他用途。",
  input: (field, file, line, key) => `${file} 第 ${line} 行${key ? `，键 ${key}` : ""}需要修正（生成器的说明）：`,
};
WORDS["zh-Hans"]["file-too-large"] = (name, size) => `“${name}”有 ${size} 字节，太大了（最多 1 MiB）。`;
WORDS["zh-Hans"]["not-utf8"] = (name) => `“${name}”不是 UTF-8 文本；请把文件存成 UTF-8。`;
WORDS["zh-Hans"].stale = "这些页面已经过时：请修正标成红色的值，页面就会重新制作。";

// Kinds of the core worded as another kind: the same words for the same values.
const SAME_WORDS = {
  "square-too-small": "at-least", "square-too-large": "range", "counter-size-out-of-range": "range",
  "not-a-length": "not-number", "paper-too-small-for-counters": "paper-too-small-for-rules",
  "laser-sides": "laser-for-paper", "kerf-without-laser": "laser-for-paper",
  "shared-cuts-need-laser-squares": "laser-for-paper",
};
for (const lang of ["fr", "zh-Hant", "zh-Hans"]) {
  for (const [kind, as] of Object.entries(SAME_WORDS)) WORDS[lang].errors[kind] = WORDS[lang].errors[as];
}

// The tactile edition, the braille rules, and the words a screen reader says:
// the skip link, what each page shows, a file made and ready.
Object.assign(WORDS.en, {
  skip: "Skip to the download buttons",
  "purpose-tactile": "Swell paper, for blind and low-vision players (tactile edition)",
  "download-brf": "Download the rules in braille (BRF, for an embosser or a braille display)",
  "download-3mf": "Download for a 3-D printer (3MF: braille, ranks and rims raised)",
  pageOf: (i, n, what) => `Page ${i} of ${n}${what ? `: ${what}` : ""}`,
  pieces: {
    cover: "the cover", board: "the board", counters: "the counters", box: "the box", rules: "the rules",
    poster: "the rules poster", puzzles: "puzzles", set: "the set", "key to the textures": "the key to the textures",
  },
  preparing: "Making the file…",
  ready: (name, kb, ms) => `${name} is ready (${kb} KB, made in ${ms} ms): your browser saves it in its downloads.`,
});
Object.assign(WORDS.fr, {
  skip: "Aller aux boutons de téléchargement",
  "purpose-tactile": "Du papier thermogonflé, pour les joueurs aveugles et malvoyants (édition tactile)",
  "download-brf": "Télécharger les règles en braille (BRF, pour une embosseuse ou une plage braille)",
  "download-3mf": "Télécharger pour une imprimante 3D (3MF\u202f: braille, rangs et bords en relief)",
  pageOf: (i, n, what) => `Page ${i} sur ${n}${what ? `\u202f: ${what}` : ""}`,
  pieces: {
    cover: "la couverture", board: "le plateau", counters: "les pions", box: "la boîte", rules: "les règles",
    poster: "l’affiche des règles", puzzles: "les problèmes", set: "le jeu", "key to the textures": "la légende des textures",
  },
  preparing: "Fabrication du fichier…",
  ready: (name, kb, ms) => `${name} est prêt (${kb}\u202fKo, fait en ${ms}\u202fms)\u202f: votre navigateur l’enregistre dans ses téléchargements.`,
});
Object.assign(WORDS["zh-Hant"], {
  skip: "跳到下載按鈕",
  "purpose-tactile": "膨脹紙，給視障和弱視玩家（觸覺版）",
  "download-brf": "下載點字規則（BRF，給點字印表機或點字顯示器）",
  "download-3mf": "下載 3D 列印檔（3MF：點字、等級和邊框都是凸起的）",
  pageOf: (i, n, what) => `第 ${i} 頁，共 ${n} 頁${what ? `：${what}` : ""}`,
  pieces: {
    cover: "封面", board: "棋盤", counters: "棋子", box: "盒子", rules: "規則",
    poster: "規則海報", puzzles: "棋題", set: "整套棋", "key to the textures": "紋理說明",
  },
  preparing: "正在製作檔案……",
  ready: (name, kb, ms) => `${name} 做好了（${kb} KB，用時 ${ms} 毫秒），瀏覽器會把它存到下載資料夾。`,
});
Object.assign(WORDS["zh-Hans"], {
  skip: "跳到下载按钮",
  "purpose-tactile": "膨胀纸，给视障和弱视玩家（触觉版）",
  "download-brf": "下载盲文规则（BRF，给盲文打印机或盲文点显器）",
  "download-3mf": "下载 3D 打印文件（3MF：盲文、等级和边框都是凸起的）",
  pageOf: (i, n, what) => `第 ${i} 页，共 ${n} 页${what ? `：${what}` : ""}`,
  pieces: {
    cover: "封面", board: "棋盘", counters: "棋子", box: "盒子", rules: "规则",
    poster: "规则海报", puzzles: "棋题", set: "整套棋", "key to the textures": "纹理说明",
  },
  preparing: "正在制作文件……",
  ready: (name, kb, ms) => `${name} 做好了（${kb} KB，用时 ${ms} 毫秒），浏览器会把它存到下载文件夹。`,
});
