"""The error catalogue: every content problem's stable code, its message and its fix.

Each entry gives (message, hint) in zh-Hans, zh-Hant and en. Parameters are filled with
str.format; a hint may be empty. The README links this file as the list of codes.
"""

from __future__ import annotations

Entry = dict[str, tuple[str, str]]

CATALOGUE: dict[str, Entry] = {
    "_error": {"zh-Hans": ("错误", ""), "zh-Hant": ("錯誤", ""), "en": ("error", "")},
    "_warning": {"zh-Hans": ("警告", ""), "zh-Hant": ("警告", ""), "en": ("warning", "")},
    # --- files and YAML ---------------------------------------------------------------
    "file-missing": {
        "zh-Hans": ("找不到文件 {path}", "检查文件名拼写，或创建该文件。"),
        "zh-Hant": ("找不到檔案 {path}", "檢查檔名拼寫，或建立該檔案。"),
        "en": ("file not found: {path}", "check the spelling of the file name, or create the file."),
    },
    "file-unreadable": {
        "zh-Hans": ("无法读取文件：{reason}", "文件须为 UTF-8 编码的文本。"),
        "zh-Hant": ("無法讀取檔案：{reason}", "檔案須為 UTF-8 編碼的文字。"),
        "en": ("cannot read the file: {reason}", "files must be UTF-8 text."),
    },
    "file-too-large": {
        "zh-Hans": ("文件过大（{size} 字节，上限 {limit}）", "内容文件是手写的文本，不会这么大：检查是否误粘贴了表格、图片或重复了许多遍的内容；结果文件可以拆开，每轮一个文件。"),
        "zh-Hant": ("檔案過大（{size} 位元組，上限 {limit}）", "內容檔是手寫的文字，不會這麼大：檢查是否誤貼了表格、圖片或重複了許多遍的內容；結果檔可以拆開，每輪一個檔案。"),
        "en": ("file too large ({size} bytes, limit {limit})", "content files are text typed by hand and never this big: look for something pasted by mistake (a spreadsheet, a picture, a block pasted many times); a results file can be split, one file per round."),
    },
    "file-outside-content": {
        "zh-Hans": ("{path} 指向 content/ 之外", "把文件放进 content/ 目录，不要用指向外部的链接。"),
        "zh-Hant": ("{path} 指向 content/ 之外", "把檔案放進 content/ 目錄，不要用指向外部的連結。"),
        "en": ("{path} points outside content/", "put the file inside content/; links that lead outside are not followed."),
    },
    "yaml-syntax": {
        "zh-Hans": ("YAML 格式错误：{problem}", "检查缩进（用空格，不用 Tab）、冒号后的空格和引号是否成对。"),
        "zh-Hant": ("YAML 格式錯誤：{problem}", "檢查縮排（用空格，不用 Tab）、冒號後的空格和引號是否成對。"),
        "en": ("YAML syntax error: {problem}", "check the indentation (spaces, not tabs), the space after each colon, and paired quotes."),
    },
    "yaml-alias": {
        "zh-Hans": ("不支持 YAML 锚点和别名（& 和 *）", "把内容直接写出来；若 * 是文字，请加引号。"),
        "zh-Hant": ("不支援 YAML 錨點和別名（& 和 *）", "把內容直接寫出來；若 * 是文字，請加引號。"),
        "en": ("YAML anchors and aliases (& and *) are not allowed", "write the value out; quote it if * is meant as text."),
    },
    "yaml-tag": {
        "zh-Hans": ("不支持 YAML 标签 {tag}", "删除以 ! 开头的标签。"),
        "zh-Hant": ("不支援 YAML 標籤 {tag}", "刪除以 ! 開頭的標籤。"),
        "en": ("YAML tag {tag} is not allowed", "remove the tag starting with !."),
    },
    "yaml-duplicate-key": {
        "zh-Hans": ("键 {key} 重复出现（第一次在第 {first} 行）", "删除或合并重复的一项。"),
        "zh-Hant": ("鍵 {key} 重複出現（第一次在第 {first} 行）", "刪除或合併重複的一項。"),
        "en": ("key {key} appears twice (first on line {first})", "remove or merge the duplicate."),
    },
    "yaml-too-deep": {
        "zh-Hans": ("嵌套层数过多（上限 {limit}）", "检查缩进是否错位。"),
        "zh-Hant": ("巢狀層數過多（上限 {limit}）", "檢查縮排是否錯位。"),
        "en": ("nesting too deep (limit {limit})", "check the indentation."),
    },
    "yaml-empty": {
        "zh-Hans": ("文件是空的", "按 content-format 填写内容，或删除该文件。"),
        "zh-Hant": ("檔案是空的", "按 content-format 填寫內容，或刪除該檔案。"),
        "en": ("the file is empty", "fill it in as content-format shows, or delete it."),
    },
    # --- keys and values ----------------------------------------------------------------
    "key-unknown": {
        "zh-Hans": ("未知的键 {key}{suggestion}", "可用的键：{allowed}"),
        "zh-Hant": ("未知的鍵 {key}{suggestion}", "可用的鍵：{allowed}"),
        "en": ("unknown key {key}{suggestion}", "allowed keys: {allowed}"),
    },
    "key-missing": {
        "zh-Hans": ("缺少必填的键 {key}", "在这一项里加上 {key}: …"),
        "zh-Hant": ("缺少必填的鍵 {key}", "在這一項裡加上 {key}: …"),
        "en": ("required key {key} is missing", "add {key}: … to this item."),
    },
    "type-expected": {
        "zh-Hans": ("{key} 应为{expected}，这里是 {found}", "按格式改写这个值。"),
        "zh-Hant": ("{key} 應為{expected}，這裡是 {found}", "按格式改寫這個值。"),
        "en": ("{key} should be {expected}, found {found}", "rewrite the value in that form."),
    },
    "value-choice": {
        "zh-Hans": ("{key} 的值 {value} 无效{suggestion}", "可选：{allowed}"),
        "zh-Hant": ("{key} 的值 {value} 無效{suggestion}", "可選：{allowed}"),
        "en": ("{value} is not a valid {key}{suggestion}", "choose one of: {allowed}"),
    },
    "value-range": {
        "zh-Hans": ("{key} 的值 {value} 超出范围", "应在 {low} 到 {high} 之间。"),
        "zh-Hant": ("{key} 的值 {value} 超出範圍", "應在 {low} 到 {high} 之間。"),
        "en": ("{key} = {value} is out of range", "it must be between {low} and {high}."),
    },
    "date-invalid": {
        "zh-Hans": ("日期 {value} 无效", "日期写成 2015-05-15 的形式。"),
        "zh-Hant": ("日期 {value} 無效", "日期寫成 2015-05-15 的形式。"),
        "en": ("invalid date {value}", "write dates as 2015-05-15."),
    },
    "slug-invalid": {
        "zh-Hans": ("赛事目录名 {slug} 不能用作网址", "只用小写字母、数字和连字符，以字母或数字开头，最长 64 个字符，例如 dongke-bridge-2015。"),
        "zh-Hant": ("賽事目錄名 {slug} 不能用作網址", "只用小寫字母、數字和連字號，以字母或數字開頭，最長 64 個字元，例如 dongke-bridge-2015。"),
        "en": ("event folder name {slug} cannot be used in a URL", "use lower-case letters, digits and hyphens, starting with a letter or digit, at most 64 characters, e.g. dongke-bridge-2015."),
    },
    "id-invalid": {
        "zh-Hans": ("编号 {value} 无效", "编号只用字母、数字、- 和 _，最长 32 个字符，例如 A01。"),
        "zh-Hant": ("編號 {value} 無效", "編號只用字母、數字、- 和 _，最長 32 個字元，例如 A01。"),
        "en": ("invalid id {value}", "ids use letters, digits, - and _, at most 32 characters, e.g. A01."),
    },
    "too-many": {
        "zh-Hans": ("{what} 过多（{count}，上限 {limit}）", "检查是否重复粘贴。"),
        "zh-Hant": ("{what} 過多（{count}，上限 {limit}）", "檢查是否重複貼上。"),
        "en": ("too many {what} ({count}, limit {limit})", "check for repeated pasting."),
    },
    # --- events, entries, stages ------------------------------------------------------------
    "event-missing": {
        "zh-Hans": ("目录 {slug} 里没有 event.yaml", "每个赛事目录都需要一个 event.yaml。"),
        "zh-Hant": ("目錄 {slug} 裡沒有 event.yaml", "每個賽事目錄都需要一個 event.yaml。"),
        "en": ("folder {slug} has no event.yaml", "every event folder needs an event.yaml."),
    },
    "entry-duplicate": {
        "zh-Hans": ("参赛编号 {id} 重复（第一次在第 {first} 行）", "每个参赛队的 id 在赛事内须唯一。"),
        "zh-Hant": ("參賽編號 {id} 重複（第一次在第 {first} 行）", "每個參賽隊的 id 在賽事內須唯一。"),
        "en": ("entry id {id} is used twice (first on line {first})", "each entry's id must be unique in the event."),
    },
    "entry-id-case": {
        "zh-Hans": ("参赛编号 {id} 与第 {first} 行的 {other} 只差大小写", "改用不同的编号：在 Windows 和 macOS 上，两者的页面是同一个文件夹，会互相覆盖。"),
        "zh-Hant": ("參賽編號 {id} 與第 {first} 行的 {other} 只差大小寫", "改用不同的編號：在 Windows 和 macOS 上，兩者的頁面是同一個資料夾，會互相覆蓋。"),
        "en": ("entry id {id} differs from {other} (line {first}) only in upper/lower case",
               "use another id: on Windows and macOS their pages are one folder and overwrite each other."),
    },
    "entry-unknown": {
        "zh-Hans": ("没有编号为 {id} 的参赛队{suggestion}", "使用 event.yaml 中 entries 列出的 id。"),
        "zh-Hant": ("沒有編號為 {id} 的參賽隊{suggestion}", "使用 event.yaml 中 entries 列出的 id。"),
        "en": ("no entry has the id {id}{suggestion}", "use an id listed under entries in event.yaml."),
    },
    "entry-players-empty": {
        "zh-Hans": ("参赛队 {id} 没有队员", "在 players 中列出队员姓名。"),
        "zh-Hant": ("參賽隊 {id} 沒有隊員", "在 players 中列出隊員姓名。"),
        "en": ("entry {id} has no players", "list the players' names under players."),
    },
    "stage-duplicate": {
        "zh-Hans": ("阶段 id {id} 重复", "每个阶段的 id 须唯一。"),
        "zh-Hant": ("階段 id {id} 重複", "每個階段的 id 須唯一。"),
        "en": ("stage id {id} is used twice", "each stage needs its own id."),
    },
    "stage-id-reserved": {
        "zh-Hans": ("阶段 id {id} 是保留字", "换一个 id；不能用：{reserved}"),
        "zh-Hant": ("階段 id {id} 是保留字", "換一個 id；不能用：{reserved}"),
        "en": ("stage id {id} is reserved", "choose another id; these are taken: {reserved}"),
    },
    "stage-id-case": {
        "zh-Hans": ("阶段 id {id} 与 {other} 只差大小写", "改用不同的 id：在 Windows 和 macOS 上，两者的页面是同一个文件夹。"),
        "zh-Hant": ("階段 id {id} 與 {other} 只差大小寫", "改用不同的 id：在 Windows 和 macOS 上，兩者的頁面是同一個資料夾。"),
        "en": ("stage id {id} differs from {other} only in upper/lower case",
               "use another id: on Windows and macOS their pages are one folder."),
    },
    "stage-movement-unused": {
        "zh-Hans": ("阶段 {id} 的赛制是 {format}，movement（移位方式）只用于双人赛（pairs）", "删去 movement，或把 format 改为 pairs。"),
        "zh-Hant": ("階段 {id} 的賽制是 {format}，movement（移位方式）只用於雙人賽（pairs）", "刪去 movement，或把 format 改為 pairs。"),
        "en": ("stage {id} is {format}: movement is for pairs stages only", "remove movement, or make the format pairs."),
    },
    "stage-unknown": {
        "zh-Hans": ("没有 id 为 {id} 的阶段{suggestion}", "可用的阶段：{allowed}"),
        "zh-Hant": ("沒有 id 為 {id} 的階段{suggestion}", "可用的階段：{allowed}"),
        "en": ("no stage has the id {id}{suggestion}", "stages: {allowed}"),
    },
    "stages-empty": {
        "zh-Hans": ("赛事至少需要一个阶段", "在 stages 下写出至少一个阶段。"),
        "zh-Hant": ("賽事至少需要一個階段", "在 stages 下寫出至少一個階段。"),
        "en": ("an event needs at least one stage", "add a stage under stages."),
    },
    "advance-loop": {
        "zh-Hans": ("阶段 {id} 的 advance 指向自身或更早的阶段", "advance.to 应指向后面的阶段。"),
        "zh-Hant": ("階段 {id} 的 advance 指向自身或更早的階段", "advance.to 應指向後面的階段。"),
        "en": ("stage {id} advances to itself or an earlier stage", "advance.to must name a later stage."),
    },
    "metric-unknown": {
        "zh-Hans": ("{game} 没有指标 {metric}{suggestion}", "可用的指标：{allowed}"),
        "zh-Hant": ("{game} 沒有指標 {metric}{suggestion}", "可用的指標：{allowed}"),
        "en": ("{game} has no metric {metric}{suggestion}", "metrics: {allowed}"),
    },
    "format-not-supported": {
        "zh-Hans": ("{game} 的 {format} 赛制尚未实现", "目前可用：{allowed}"),
        "zh-Hant": ("{game} 的 {format} 賽制尚未實作", "目前可用：{allowed}"),
        "en": ("format {format} is not implemented yet for {game}", "available now: {allowed}"),
    },
    "prize-form": {
        "zh-Hans": ("奖项 {name} 须写 count（按名次）或一个指标门槛（如 wins: 3）", "例如 {{name: 一等奖, count: 1}}"),
        "zh-Hant": ("獎項 {name} 須寫 count（按名次）或一個指標門檻（如 wins: 3）", "例如 {{name: 一等獎, count: 1}}"),
        "en": ("prize {name} needs count (by place) or one metric threshold (e.g. wins: 3)", "e.g. {{name: First prize, count: 1}}"),
    },
    "lots-unknown": {
        "zh-Hans": ("lots 中的 {id} 不是本阶段的参赛队", "lots 只列本阶段并列的参赛队。"),
        "zh-Hant": ("lots 中的 {id} 不是本階段的參賽隊", "lots 只列本階段並列的參賽隊。"),
        "en": ("{id} in lots is not an entry of this stage", "lots lists the tied entries of this stage."),
    },
    "official-stage-unknown": {
        "zh-Hans": ("裁判 {name} 的阶段 {id} 不存在", "stages 中只写本赛事的阶段 id。"),
        "zh-Hant": ("裁判 {name} 的階段 {id} 不存在", "stages 中只寫本賽事的階段 id。"),
        "en": ("official {name}: there is no stage {id}", "list this event's stage ids under stages."),
    },
    # --- results files ---------------------------------------------------------------------
    "results-round-missing": {
        "zh-Hans": ("阶段 {stage} 有多轮，结果文件须写 round", "加上 round: 1 等。"),
        "zh-Hant": ("階段 {stage} 有多輪，結果檔須寫 round", "加上 round: 1 等。"),
        "en": ("stage {stage} has several rounds: the results file needs round", "add round: 1 (etc.)."),
    },
    "results-round-range": {
        "zh-Hans": ("阶段 {stage} 只有 {rounds} 轮，这里是第 {round} 轮", "核对 round，或修改阶段的 rounds。"),
        "zh-Hant": ("階段 {stage} 只有 {rounds} 輪，這裡是第 {round} 輪", "核對 round，或修改階段的 rounds。"),
        "en": ("stage {stage} has {rounds} round(s); this is round {round}", "check round, or the stage's rounds."),
    },
    "results-round-duplicate": {
        "zh-Hans": ("阶段 {stage} 第 {round} 轮的结果已在 {other} 中", "每轮只写一个结果文件。"),
        "zh-Hant": ("階段 {stage} 第 {round} 輪的結果已在 {other} 中", "每輪只寫一個結果檔。"),
        "en": ("round {round} of stage {stage} is already in {other}", "write one results file per round."),
    },
    "table-duplicate": {
        "zh-Hans": ("桌号 {table} 重复", "每桌一个桌号。"),
        "zh-Hant": ("桌號 {table} 重複", "每桌一個桌號。"),
        "en": ("table {table} appears twice", "give each table its own number."),
    },
    "entry-twice-in-round": {
        "zh-Hans": ("参赛队 {id} 在本轮出现两次（另一次在第 {other} 桌）", "每队每轮只打一桌。"),
        "zh-Hant": ("參賽隊 {id} 在本輪出現兩次（另一次在第 {other} 桌）", "每隊每輪只打一桌。"),
        "en": ("entry {id} plays twice in this round (also at table {other})", "each entry plays one table a round."),
    },
    "entry-not-in-stage": {
        "zh-Hans": ("参赛队 {id} 不在阶段 {stage} 的名单中", "{reason}"),
        "zh-Hant": ("參賽隊 {id} 不在階段 {stage} 的名單中", "{reason}"),
        "en": ("entry {id} is not in stage {stage}", "{reason}"),
    },
    "entry-bye-played": {
        "zh-Hans": ("参赛队 {id} 标为轮空（bye: true），不应在阶段 {stage} 出场", "删除这一桌中的 {id}，或去掉它的 bye。"),
        "zh-Hant": ("參賽隊 {id} 標為輪空（bye: true），不應在階段 {stage} 出場", "刪除這一桌中的 {id}，或去掉它的 bye。"),
        "en": ("entry {id} has bye: true and should not play in stage {stage}", "remove {id} from this table, or its bye."),
    },
    "entry-not-played": {
        "zh-Hans": ("参赛队 {id} 在阶段 {stage} 没有比赛记录", "补上它的一桌，或在 {file} 中删除它。"),
        "zh-Hant": ("參賽隊 {id} 在階段 {stage} 沒有比賽記錄", "補上它的一桌，或在 {file} 中刪除它。"),
        "en": ("entry {id} has no match in stage {stage}", "add its table, or remove it from {file}."),
    },
    "forfeit-not-at-table": {
        "zh-Hans": ("弃权方 {id} 不在这一桌", "forfeit 写本桌弃权一方的编号。"),
        "zh-Hant": ("棄權方 {id} 不在這一桌", "forfeit 寫本桌棄權一方的編號。"),
        "en": ("forfeiting entry {id} is not at this table", "forfeit names the side of this table that forfeited."),
    },
    "sides-same": {
        "zh-Hans": ("同一桌两方都是 {id}", "核对对阵双方的编号。"),
        "zh-Hant": ("同一桌兩方都是 {id}", "核對對陣雙方的編號。"),
        "en": ("both sides of the table are {id}", "check the two sides' ids."),
    },
    "qualify-tie": {
        "zh-Hans": ("阶段 {stage} 第 {count} 名并列（{ids}），全部晋级", "在 rank_by 末尾加 lot，或在阶段中写 lots: [...] 指定顺序。"),
        "zh-Hant": ("階段 {stage} 第 {count} 名並列（{ids}），全部晉級", "在 rank_by 末尾加 lot，或在階段中寫 lots: [...] 指定順序。"),
        "en": ("stage {stage}: a tie at place {count} ({ids}); all of them advance", "add lot at the end of rank_by, or give lots: [...] in the stage."),
    },
    "bulletin-missing-glyph": {
        "zh-Hans": ("公告《{bulletin}》中的字 {chars} 在中文字体里没有字形，打印出来会是方框", "改用常见写法（例如把生僻字换成通用字），或安装含这些字的字体后再生成。"),
        "zh-Hant": ("公告《{bulletin}》中的字 {chars} 在中文字型裡沒有字形，列印出來會是方框", "改用常見寫法（例如把罕用字換成通用字），或安裝含這些字的字型後再生成。"),
        "en": ("bulletin “{bulletin}” has characters the Chinese font cannot draw: {chars}", "use a common form of the character, or install a font that has it, then build again."),
    },
    # --- registrations (paibang import) -----------------------------------------------------
    "registration-columns": {
        "zh-Hans": ("报名表找不到“姓名”列和“组号”或“队名”列（表头：{found}）", "把表头改成 姓名、组号（或 队名），或用 --map 列名=name 指定。"),
        "zh-Hant": ("報名表找不到「姓名」欄和「組號」或「隊名」欄（表頭：{found}）", "把表頭改成 姓名、組號（或 隊名），或用 --map 欄名=name 指定。"),
        "en": ("the sheet has no name column and no entry number or team column (headings: {found})", "rename the headings (姓名, 组号 or 队名), or use --map HEADING=name."),
    },
    "registration-no-name": {
        "zh-Hans": ("第 {row} 行没有姓名", "补上姓名，或删除这一行。"),
        "zh-Hant": ("第 {row} 行沒有姓名", "補上姓名，或刪除這一行。"),
        "en": ("row {row} has no name", "fill in the name, or delete the row."),
    },
    "registration-no-entry": {
        "zh-Hans": ("第 {row} 行（{name}）没有组号或队名，不知道和谁一组", "填上组号或队名。"),
        "zh-Hant": ("第 {row} 行（{name}）沒有組號或隊名，不知道和誰一組", "填上組號或隊名。"),
        "en": ("row {row} ({name}) has no entry number or team name", "fill in the entry number or team name."),
    },
    "registration-duplicate": {
        "zh-Hans": ("{name} 报名了两次（第一次在第 {first} 行）", "删除重复的一行；同名的两个人请在姓名后加班级区分。"),
        "zh-Hant": ("{name} 報名了兩次（第一次在第 {first} 行）", "刪除重複的一行；同名的兩個人請在姓名後加班級區分。"),
        "en": ("{name} is registered twice (first on row {first})", "delete the repeated row; tell two namesakes apart by adding their class to the name."),
    },
    # --- hostile sheets, personal numbers, slugs and notices (paibang import; notice:) ----------
    "registration-sheet-unreadable": {
        "zh-Hans": ("无法读取报名表：{reason}", "用 Excel 或 WPS 打开后另存为 .xlsx（或“CSV UTF-8”）再导入。"),
        "zh-Hant": ("無法讀取報名表：{reason}", "用 Excel 或 WPS 開啟後另存為 .xlsx（或「CSV UTF-8」）再匯入。"),
        "en": ("cannot read the sheet: {reason}", "open it in Excel or WPS, save it as .xlsx (or “CSV UTF-8”), and import that."),
    },
    "registration-sheet-too-large": {
        "zh-Hans": ("报名表过大（{size}，上限 {limit}）", "只保留报名这一张工作表，删去图片和多余的格式后另存；或另存为“CSV UTF-8”。"),
        "zh-Hant": ("報名表過大（{size}，上限 {limit}）", "只保留報名這一張工作表，刪去圖片和多餘的格式後另存；或另存為「CSV UTF-8」。"),
        "en": ("the sheet is too large ({size}; limit {limit})", "keep only the registration worksheet, remove pictures and stray formatting, and save again; or save it as “CSV UTF-8”."),
    },
    "registration-sheet-rows": {
        "zh-Hans": ("报名表超过 {limit} 行（第 {row} 行仍有内容）", "删去报名名单以外的行（包括表格下方远处的零星内容），每个赛事用一张表。"),
        "zh-Hant": ("報名表超過 {limit} 行（第 {row} 行仍有內容）", "刪去報名名單以外的列（包括表格下方遠處的零星內容），每個賽事用一張表。"),
        "en": ("the sheet has more than {limit} rows (row {row} still has content)", "delete every row that is not a registration (stray cells far below the table too); one sheet per event."),
    },
    "registration-encoding": {
        "zh-Hans": ("CSV 的编码无法识别（试过 UTF-8、GB18030/GBK、Big5），不导入，以免名字变成乱码", "在 Excel 或 WPS 中另存为“CSV UTF-8（逗号分隔）”，或直接导入 .xlsx。"),
        "zh-Hant": ("CSV 的編碼無法識別（試過 UTF-8、GB18030/GBK、Big5），不匯入，以免名字變成亂碼", "在 Excel 或 WPS 中另存為「CSV UTF-8（逗號分隔）」，或直接匯入 .xlsx。"),
        "en": ("the CSV's encoding is not UTF-8, GB18030/GBK or Big5 (Shift-JIS?); nothing imported, so that names are not garbled", "save it from Excel or WPS as “CSV UTF-8 (comma delimited)”, or import the .xlsx."),
    },
    "registration-map-refused": {
        "zh-Hans": ("不能把“{heading}”列用作 {field}：{why}", "个人号码只存入私有的 student_id，不会公开；参赛编号由 paibang 编排。删去这个 --map，按组号或队名分组。"),
        "zh-Hant": ("不能把「{heading}」欄用作 {field}：{why}", "個人號碼只存入私有的 student_id，不會公開；參賽編號由 paibang 編排。刪去這個 --map，按組號或隊名分組。"),
        "en": ("column “{heading}” cannot be read as {field}: {why}", "personal numbers go to the private student_id only; entry ids are paibang's own. Drop this --map; group by an entry number or team name."),
    },
    "registration-map-id": {
        "zh-Hans": ("--map {item}：参赛编号由 paibang 编排，不能取自报名表", "删去这个 --map；按组号或队名分组用 列名=entry。可用的字段：{fields}"),
        "zh-Hant": ("--map {item}：參賽編號由 paibang 編排，不能取自報名表", "刪去這個 --map；按組號或隊名分組用 欄名=entry。可用的欄位：{fields}"),
        "en": ("--map {item}: entry ids are paibang's own, never taken from the sheet", "drop this --map; to group rows by a column use HEADING=entry. Fields: {fields}"),
    },
    "registration-map-invalid": {
        "zh-Hans": ("--map {item} 无效", "写成 --map 列名=字段；可用的字段：{fields}"),
        "zh-Hant": ("--map {item} 無效", "寫成 --map 欄名=欄位；可用的欄位：{fields}"),
        "en": ("--map {item} is not valid", "write --map HEADING=FIELD; fields: {fields}"),
    },
    "registration-map-heading": {
        "zh-Hans": ("--map 的列“{heading}”不在报名表的表头中", "照表头原样写列名；表头：{found}"),
        "zh-Hant": ("--map 的欄「{heading}」不在報名表的表頭中", "照表頭原樣寫欄名；表頭：{found}"),
        "en": ("--map names a column “{heading}” that the sheet's headings lack", "write the heading as the sheet has it; headings: {found}"),
    },
    "registration-prefix": {
        "zh-Hans": ("--prefix {prefix} 不能用作编号开头", "用 1 到 8 个英文字母，例如 --prefix T。"),
        "zh-Hant": ("--prefix {prefix} 不能用作編號開頭", "用 1 到 8 個英文字母，例如 --prefix T。"),
        "en": ("--prefix {prefix} cannot start an entry id", "use 1 to 8 letters, e.g. --prefix T."),
    },
    "notice-not-markdown": {
        "zh-Hans": ("通知 {path} 不是 Markdown 文件（.md）", "notice 只列 .md 文件：YAML 文件（参赛名单、event.yaml）会原样公开，包括电话。"),
        "zh-Hant": ("通知 {path} 不是 Markdown 檔案（.md）", "notice 只列 .md 檔案：YAML 檔案（參賽名單、event.yaml）會原樣公開，包括電話。"),
        "en": ("notice {path} is not a Markdown file (.md)", "list only .md files under notice: a YAML file (entries, event.yaml) would be published as it is, phones included."),
    },
    "notice-private": {
        "zh-Hans": ("通知 {path} 含有私有字段 {key}，会被公开", "删去这一行：{key} 只写在参赛名单里，不会公开；通知里的联系方式请不要写成“{key}:”。"),
        "zh-Hant": ("通知 {path} 含有私有欄位 {key}，會被公開", "刪去這一行：{key} 只寫在參賽名單裡，不會公開；通知裡的聯絡方式請不要寫成「{key}:」。"),
        "en": ("notice {path} holds the private key {key}, which would be published", "delete the line: {key} belongs in the entries, which keep it private; write a contact in a notice without “{key}:”."),
    },
    # --- bridge ----------------------------------------------------------------------------
    "bridge-board-syntax": {
        "zh-Hans": ("第 {board} 副的记录 {text} 看不懂：{problem}", "写成 定约 庄家 结果 [南北分]，例如 4S N = 420、3NT E +1、4HX S -2 -300，或 pass。"),
        "zh-Hant": ("第 {board} 副的記錄 {text} 看不懂：{problem}", "寫成 定約 莊家 結果 [南北分]，例如 4S N = 420、3NT E +1、4HX S -2 -300，或 pass。"),
        "en": ("board {board}: cannot read {text}: {problem}", "write contract declarer result [NS score], e.g. 4S N = 420, 3NT E +1, 4HX S -2 -300, or pass."),
    },
    "bridge-impossible-result": {
        "zh-Hans": ("第 {board} 副：{contract} {result} 意味着庄家方拿到 {tricks} 墩，不可能（0–13 墩）", "核对定约和结果。"),
        "zh-Hant": ("第 {board} 副：{contract} {result} 意味著莊家方拿到 {tricks} 墩，不可能（0–13 墩）", "核對定約和結果。"),
        "en": ("board {board}: {contract} {result} means {tricks} tricks for declarer, which is impossible (0–13)", "check the contract and the result."),
    },
    "bridge-score-mismatch": {
        "zh-Hans": ("第 {board} 副：记录的南北分 {recorded} 与计算结果 {computed} 不符（{contract} {declarer} {result}，{vulnerability}）", "核对定约、结果与局况；或删去记录的分数，由程序计算。"),
        "zh-Hant": ("第 {board} 副：記錄的南北分 {recorded} 與計算結果 {computed} 不符（{contract} {declarer} {result}，{vulnerability}）", "核對定約、結果與局況；或刪去記錄的分數，由程式計算。"),
        "en": ("board {board}: the recorded NS score {recorded} differs from the computed {computed} ({contract} {declarer} {result}, {vulnerability})", "check contract, result and vulnerability; or drop the recorded score and let paibang compute it."),
    },
    "board-number-range": {
        "zh-Hans": ("牌号 {board} 超出范围（本阶段每桌 {boards} 副）", "牌号从 1 到 {boards}。"),
        "zh-Hant": ("牌號 {board} 超出範圍（本階段每桌 {boards} 副）", "牌號從 1 到 {boards}。"),
        "en": ("board {board} is out of range (this stage has {boards} boards a table)", "boards are numbered 1 to {boards}."),
    },
    "boards-missing": {
        "zh-Hans": ("第 {table} 桌缺少第 {missing} 副的记录", "补上这些牌的结果。"),
        "zh-Hant": ("第 {table} 桌缺少第 {missing} 副的記錄", "補上這些牌的結果。"),
        "en": ("table {table} has no record for board(s) {missing}", "add those boards' results."),
    },
    # --- hostile input (issue 17): names, characters, sizes, addresses ---------------------
    "file-name-encoding": {
        "zh-Hans": ("此目录中有一个文件名不是 UTF-8：{name}（按 GBK 读作 {guess}）", "给这个文件改名；在中文 Windows 上打的 zip 包用 GBK 保存文件名，解压时请转换编码（例如 unzip -O GBK）。"),
        "zh-Hant": ("此目錄中有一個檔名不是 UTF-8：{name}（按 GBK 讀作 {guess}）", "給這個檔案改名；在中文 Windows 上打的 zip 包用 GBK 儲存檔名，解壓時請轉換編碼（例如 unzip -O GBK）。"),
        "en": ("a file in this folder has a name that is not UTF-8: {name} (read as GBK: {guess})", "rename the file; a zip made on a Chinese Windows keeps names in GBK: unpack it converting them (e.g. unzip -O GBK)."),
    },
    "event-file-too-large": {
        "zh-Hans": ("event.yaml 过大（{size} 字节，上限 {limit}）", "event.yaml 只写赛事设置和报名名单，不会这么大：检查是否误粘贴了大段内容；名单很长时可以放进单独的文件（entries: entries.yaml，paibang import 就是这样写的）。"),
        "zh-Hant": ("event.yaml 過大（{size} 位元組，上限 {limit}）", "event.yaml 只寫賽事設定和報名名單，不會這麼大：檢查是否誤貼了大段內容；名單很長時可以放進單獨的檔案（entries: entries.yaml，paibang import 就是這樣寫的）。"),
        "en": ("event.yaml is too large ({size} bytes, limit {limit})", "event.yaml holds the event's settings and entry list and is never this big: look for something pasted by mistake; a long entry list can go into its own file (entries: entries.yaml, as paibang import writes it)."),
    },
    "yaml-control-char": {
        "zh-Hans": ("第 {line} 行第 {column} 列有一个看不见的控制字符 {char}", "删除这个字符（多数编辑器不显示它：删掉该位置前后的几个字再重新输入）。"),
        "zh-Hant": ("第 {line} 行第 {column} 列有一個看不見的控制字元 {char}", "刪除這個字元（多數編輯器不顯示它：刪掉該位置前後的幾個字再重新輸入）。"),
        "en": ("an invisible control character {char} at line {line}, column {column}", "delete it (most editors do not show it: delete the characters around that place and type them again)."),
    },
    "text-control-char": {
        "zh-Hans": ("这段文字含有 {char}：用引号里的 \\ 转义写出的控制字符或无效字符，页面、订阅和公告都无法显示", "删除这个转义（如 \\0、\\e、\\x1b、\\uFFFE）；换行请用 \\n。"),
        "zh-Hant": ("這段文字含有 {char}：用引號裡的 \\ 轉義寫出的控制字元或無效字元，頁面、訂閱和公告都無法顯示", "刪除這個轉義（如 \\0、\\e、\\x1b、\\uFFFE）；換行請用 \\n。"),
        "en": ("this text holds {char}, a control or invalid character written as a \\ escape in quotes: no page, feed or bulletin can show it", "remove the escape (such as \\0, \\e, \\x1b, \\uFFFE); for a line break use \\n."),
    },
    "text-too-long": {
        "zh-Hans": ("这段文字太长（{length} 个字符，上限 {limit}）", "检查是否误粘贴了大段内容；长篇说明请写进 notice.md。"),
        "zh-Hant": ("這段文字太長（{length} 個字元，上限 {limit}）", "檢查是否誤貼了大段內容；長篇說明請寫進 notice.md。"),
        "en": ("this text is too long ({length} characters, limit {limit})", "look for something pasted by mistake; a long explanation belongs in notice.md."),
    },
    "name-too-long": {
        "zh-Hans": ("{key} 太长（{length} 个字符，上限 {limit}）", "名称和标题写简短些；详细说明请写进 notice.md。"),
        "zh-Hant": ("{key} 太長（{length} 個字元，上限 {limit}）", "名稱和標題寫簡短些；詳細說明請寫進 notice.md。"),
        "en": ("{key} is too long ({length} characters, limit {limit})", "keep names and titles short; details belong in notice.md."),
    },
    "name-confusable": {
        "zh-Hans": ("{value} 混用了外形相同的不同文字：{chars}", "这个名字会与外形相同的另一个名字被当成两个人：把这些字母换成{script}字母重新输入。"),
        "zh-Hant": ("{value} 混用了外形相同的不同文字：{chars}", "這個名字會與外形相同的另一個名字被當成兩個人：把這些字母換成{script}字母重新輸入。"),
        "en": ("{value} mixes look-alike letters of different scripts: {chars}", "the name would be another person than the one it looks like: type these letters again as {script} letters."),
    },
    "notice-too-complex": {
        "zh-Hans": ("这一段有 {brackets} 个 [，共 {length} 个字符，Markdown 读它要花很长时间", "删掉多余的 [（链接写成 [文字](网址)），或用空行把长段落分成几段。"),
        "zh-Hant": ("這一段有 {brackets} 個 [，共 {length} 個字元，Markdown 讀它要花很長時間", "刪掉多餘的 [（連結寫成 [文字](網址)），或用空行把長段落分成幾段。"),
        "en": ("this paragraph has {brackets} [ in {length} characters: Markdown would take minutes to read it", "remove the stray [ (a link is [text](address)), or split the paragraph with blank lines."),
    },
    "url-scheme": {
        "zh-Hans": ("{key} 必须是 http:// 或 https:// 开头的网址，这里是 {value}", "写成完整网址，例如 https://example.org/results/。"),
        "zh-Hant": ("{key} 必須是 http:// 或 https:// 開頭的網址，這裡是 {value}", "寫成完整網址，例如 https://example.org/results/。"),
        "en": ("{key} must be an address starting with http:// or https://, found {value}", "write the full address, e.g. https://example.org/results/."),
    },
    # --- draws: `paibang pair` (tournament/pairing.py) ---------------------------------------
    "pair-format": {
        "zh-Hans": ("阶段 {stage} 的赛制是 {format}，paibang pair 不编排这种赛制", "paibang pair 编排的赛制：{allowed}。"),
        "zh-Hant": ("階段 {stage} 的賽制是 {format}，paibang pair 不編排這種賽制", "paibang pair 編排的賽制：{allowed}。"),
        "en": ("stage {stage} is {format}: paibang pair does not draw that format", "paibang pair draws: {allowed}."),
    },
    "pair-game": {
        "zh-Hans": ("paibang pair 还不会写 {game} 的对阵", "请手工编写这一轮的结果文件。"),
        "zh-Hant": ("paibang pair 還不會寫 {game} 的對陣", "請手工編寫這一輪的結果檔。"),
        "en": ("paibang pair cannot write a {game} table yet", "write this round's results file by hand."),
    },
    "pair-round-gap": {
        "zh-Hans": ("阶段 {stage} 缺少第 {round} 轮的结果文件", "先补上第 {round} 轮，再编排下一轮。"),
        "zh-Hant": ("階段 {stage} 缺少第 {round} 輪的結果檔", "先補上第 {round} 輪，再編排下一輪。"),
        "en": ("stage {stage} has no results file for round {round}", "write round {round} first, then draw the next."),
    },
    "pair-stage-complete": {
        "zh-Hans": ("阶段 {stage} 的 {rounds} 轮都已编排", "如需加赛，先修改该阶段的 rounds。"),
        "zh-Hant": ("階段 {stage} 的 {rounds} 輪都已編排", "如需加賽，先修改該階段的 rounds。"),
        "en": ("all {rounds} round(s) of stage {stage} are drawn", "to add a round, raise the stage's rounds first."),
    },
    "pair-no-field": {
        "zh-Hans": ("阶段 {stage} 还没有参赛队", "它的参赛队来自前一阶段的晋级名单：先录入前一阶段的成绩。"),
        "zh-Hant": ("階段 {stage} 還沒有參賽隊", "它的參賽隊來自前一階段的晉級名單：先錄入前一階段的成績。"),
        "en": ("stage {stage} has no entries yet", "its entries are the previous stage's qualifiers: enter that stage's results first."),
    },
    "pair-round-pending": {
        "zh-Hans": ("第 {round} 轮第 {tables} 桌还没有成绩", "录入这些成绩后再编排第 {next} 轮（瑞士制按成绩编排）。"),
        "zh-Hant": ("第 {round} 輪第 {tables} 桌還沒有成績", "錄入這些成績後再編排第 {next} 輪（瑞士制按成績編排）。"),
        "en": ("round {round}, table(s) {tables}: no result yet", "enter them before drawing round {next} (a Swiss draw follows the results)."),
    },
    "pair-impossible": {
        "zh-Hans": ("第 {round} 轮编不出没有重复相遇的对阵（{count} 队）", "请裁判长手工编写这一轮；paibang check 会指出每一处重复相遇。"),
        "zh-Hant": ("第 {round} 輪編不出沒有重複相遇的對陣（{count} 隊）", "請裁判長手工編寫這一輪；paibang check 會指出每一處重複相遇。"),
        "en": ("round {round}: no draw of the {count} entries avoids a rematch", "draw this round by hand; paibang check points out each rematch."),
    },
    "pair-robin-complete": {
        "zh-Hans": ("{count} 队的循环赛只有 {rounds} 轮，已全部编排", "把阶段 {stage} 的 rounds 改为 {rounds}。"),
        "zh-Hant": ("{count} 隊的循環賽只有 {rounds} 輪，已全部編排", "把階段 {stage} 的 rounds 改為 {rounds}。"),
        "en": ("a round robin of {count} entries has {rounds} rounds, all drawn", "set stage {stage}'s rounds to {rounds}."),
    },
    "pair-file-exists": {
        "zh-Hans": ("{path} 已经存在，不会覆盖", "检查这个文件；要重新编排，先删除或改名。"),
        "zh-Hant": ("{path} 已經存在，不會覆蓋", "檢查這個檔案；要重新編排，先刪除或改名。"),
        "en": ("{path} already exists and is never overwritten", "look at that file; to draw again, delete or rename it first."),
    },
    "pair-written-invalid": {
        "zh-Hans": ("编排写出的文件通不过检查，已删除", "这是 paibang 的问题，请报告；可先手工编写这一轮。"),
        "zh-Hant": ("編排寫出的檔案通不過檢查，已刪除", "這是 paibang 的問題，請報告；可先手工編寫這一輪。"),
        "en": ("the file written for the draw fails the checks and was removed", "this is a paibang bug, please report it; write the round by hand meanwhile."),
    },
    "pair-movement-boards": {
        "zh-Hans": ("双人赛阶段 {stage} 没有写每轮几副牌", "在 event.yaml 的该阶段写 boards（每轮牌数），如 boards: 2。"),
        "zh-Hant": ("雙人賽階段 {stage} 沒有寫每輪幾副牌", "在 event.yaml 的該階段寫 boards（每輪牌數），如 boards: 2。"),
        "en": ("pairs stage {stage} does not say how many boards a round", "write the stage's boards (boards a round) in event.yaml, e.g. boards: 2."),
    },
    "pair-mitchell-odd": {
        "zh-Hans": ("阶段 {stage} 有 {count} 对，米切尔移位要南北、东西对数相等", "增减一对使对数为双数，或在该阶段写 movement: howell（豪威尔移位，可有一对轮空）。"),
        "zh-Hant": ("階段 {stage} 有 {count} 對，米切爾移位要南北、東西對數相等", "增減一對使對數為雙數，或在該階段寫 movement: howell（豪威爾移位，可有一對輪空）。"),
        "en": ("stage {stage} has {count} pairs: a Mitchell needs as many NS pairs as EW pairs", "add or withdraw a pair to make the number even, or write movement: howell for the stage (a Howell seats an odd number, one pair sitting out)."),
    },
    "pair-howell-size": {
        "zh-Hans": ("阶段 {stage} 有 {count} 对，豪威尔移位只排 2 到 {largest} 对", "对数多时在该阶段写 movement: mitchell（米切尔移位）。"),
        "zh-Hant": ("階段 {stage} 有 {count} 對，豪威爾移位只排 2 到 {largest} 對", "對數多時在該階段寫 movement: mitchell（米切爾移位）。"),
        "en": ("stage {stage} has {count} pairs: a Howell is for 2 to {largest} pairs", "for a large field write movement: mitchell for the stage."),
    },
    "pair-movement-rounds": {
        "zh-Hans": ("阶段 {stage} 写了 {rounds} 轮，{count} 对的 {movement} 移位最多 {most} 轮", "把该阶段的 rounds 改为 {most} 或更少。"),
        "zh-Hant": ("階段 {stage} 寫了 {rounds} 輪，{count} 對的 {movement} 移位最多 {most} 輪", "把該階段的 rounds 改為 {most} 或更少。"),
        "en": ("stage {stage} has {rounds} rounds; a {movement} movement of {count} pairs has at most {most}", "set the stage's rounds to {most} or fewer."),
    },
    "pair-all-format": {
        "zh-Hans": ("阶段 {stage} 的赛制是 {format}，--all 只用于循环赛和双人赛", "去掉 --all，一次编一轮（瑞士制按上一轮的成绩编排）。"),
        "zh-Hant": ("階段 {stage} 的賽制是 {format}，--all 只用於循環賽和雙人賽", "去掉 --all，一次編一輪（瑞士制按上一輪的成績編排）。"),
        "en": ("stage {stage} is {format}: --all is for round robin and pairs stages", "draw one round at a time, without --all (a Swiss round follows the results of the last)."),
    },
    "pair-event-unknown": {
        "zh-Hans": ("没有名为 {slug} 的赛事{suggestion}", "赛事：{allowed}"),
        "zh-Hant": ("沒有名為 {slug} 的賽事{suggestion}", "賽事：{allowed}"),
        "en": ("no event named {slug}{suggestion}", "events: {allowed}"),
    },
    "pair-stage-unknown": {
        "zh-Hans": ("赛事 {slug} 没有阶段 {stage}{suggestion}", "阶段：{allowed}"),
        "zh-Hant": ("賽事 {slug} 沒有階段 {stage}{suggestion}", "階段：{allowed}"),
        "en": ("event {slug} has no stage {stage}{suggestion}", "stages: {allowed}"),
    },
    # --- draws checked (tournament/event.py) -----------------------------------------------
    "draw-standings-changed": {
        "zh-Hans": ("第 {round} 轮是按第 {prev} 轮后的成绩编排的，这些成绩后来改了：{ids}",
                    "裁判的决定有效，已编排的对阵不会自动重排；核对改动的成绩。若对阵照旧，删去该轮结果文件开头的 # draw-order 行即可不再提示。"),
        "zh-Hant": ("第 {round} 輪是按第 {prev} 輪後的成績編排的，這些成績後來改了：{ids}",
                    "裁判的決定有效，已編排的對陣不會自動重排；核對改動的成績。若對陣照舊，刪去該輪結果檔開頭的 # draw-order 行即可不再提示。"),
        "en": ("round {round} was drawn on the standings after round {prev}, which have changed since for: {ids}",
               "the referee's decision stands and the draw is never redone by itself; check the corrected results. "
               "If the draw stands, delete the # draw-order lines at the top of that round's file to silence this."),
    },
    "draw-rematch": {
        "zh-Hans": ("{a} 与 {b} 在第 {round} 轮已经相遇过，第 {this} 轮又相遇", "瑞士制和循环赛中两队只相遇一次；核对对阵，或用 paibang pair 重新编排这一轮。"),
        "zh-Hant": ("{a} 與 {b} 在第 {round} 輪已經相遇過，第 {this} 輪又相遇", "瑞士制和循環賽中兩隊只相遇一次；核對對陣，或用 paibang pair 重新編排這一輪。"),
        "en": ("{a} and {b} already met in round {round} and meet again in round {this}", "in a Swiss or round robin two entries meet once; check the draw, or let paibang pair draw this round."),
    },
    "draw-entry-missing": {
        "zh-Hans": ("第 {round} 轮没有安排 {ids}", "每队每轮出场一次（单数时一队轮空，写成只有一方的一桌）；退赛的队可忽略此提示。"),
        "zh-Hant": ("第 {round} 輪沒有安排 {ids}", "每隊每輪出場一次（單數時一隊輪空，寫成只有一方的一桌）；退賽的隊可忽略此提示。"),
        "en": ("round {round} has no table for {ids}", "every entry plays once a round (with an odd number, one has the bye: a table with one side); ignore this for an entry that withdrew."),
    },
    # --- knockout stages (tournament/knockout.py) ------------------------------------------
    "knockout-key-unused": {
        "zh-Hans": ("{key} 只用于淘汰赛，阶段 {id} 的赛制是 {format}，此键不起作用", "删去此键，或把赛制改为 format: knockout。"),
        "zh-Hant": ("{key} 只用於淘汰賽，階段 {id} 的賽制是 {format}，此鍵不起作用", "刪去此鍵，或把賽制改為 format: knockout。"),
        "en": ("{key} is for knockout stages; stage {id} is {format}, so it does nothing", "delete it, or make the stage format: knockout."),
    },
    "seeding-unknown": {
        "zh-Hans": ("种子名单中的 {id} 不是本项目的参赛队{suggestion}", "seeding 列出参赛队编号，种子排位高的在前。"),
        "zh-Hant": ("種子名單中的 {id} 不是本項目的參賽隊{suggestion}", "seeding 列出參賽隊編號，種子排位高的在前。"),
        "en": ("seeding lists {id}, which is no entry of this event{suggestion}", "seeding lists entry ids, the best seed first."),
    },
    "seeding-duplicate": {
        "zh-Hans": ("{id} 在种子名单中出现两次（已是 {seed} 号种子）", "每队在 seeding 中只写一次。"),
        "zh-Hant": ("{id} 在種子名單中出現兩次（已是 {seed} 號種子）", "每隊在 seeding 中只寫一次。"),
        "en": ("{id} is in the seeding twice (already seed {seed})", "write each entry once in seeding."),
    },
    "seeding-stage-order": {
        "zh-Hans": ("阶段 {id} 的种子来自阶段 {source}，但 {source} 不在它之前", "seeding: {{from: …}} 只能指向写在前面的阶段（如 from: swiss）。"),
        "zh-Hant": ("階段 {id} 的種子來自階段 {source}，但 {source} 不在它之前", "seeding: {{from: …}} 只能指向寫在前面的階段（如 from: swiss）。"),
        "en": ("stage {id} is seeded from stage {source}, which does not come before it", "seeding: {{from: …}} names an earlier stage (e.g. from: swiss)."),
    },
    "knockout-field-small": {
        "zh-Hans": ("淘汰赛 {id} 只有 {count} 队，至少要 2 队", "检查 seeding 名单或上一阶段的晋级人数（advance: count）。"),
        "zh-Hant": ("淘汰賽 {id} 只有 {count} 隊，至少要 2 隊", "檢查 seeding 名單或上一階段的晉級人數（advance: count）。"),
        "en": ("knockout {id} has {count} entries; it needs at least 2", "check the seeding list, or the previous stage's advance: count."),
    },
    "seeding-field": {
        "zh-Hans": ("淘汰赛 {id} 的种子名单与晋级名单不符：晋级但未列入 {missing}；列入但未晋级 {extra}", "seeding 应恰好列出晋级本阶段的各队；或改用 seeding: {{from: …}} 按上一阶段的名次排种子。"),
        "zh-Hant": ("淘汰賽 {id} 的種子名單與晉級名單不符：晉級但未列入 {missing}；列入但未晉級 {extra}", "seeding 應恰好列出晉級本階段的各隊；或改用 seeding: {{from: …}} 按上一階段的名次排種子。"),
        "en": ("knockout {id}: the seeding is not the qualifiers: qualified but not listed {missing}; listed but not qualified {extra}", "list exactly the entries that qualified, or use seeding: {{from: …}} to seed by the previous stage's ranking."),
    },
    "knockout-rounds": {
        "zh-Hans": ("淘汰赛 {id} 有 {count} 队，对阵图要 {rounds} 轮，而按预计人数只有 {expected} 轮", "晋级名额处有并列时多出的队也进入淘汰赛；在上一阶段用 lot 或 lots: 分出先后，或改用 seeding 名单。"),
        "zh-Hant": ("淘汰賽 {id} 有 {count} 隊，對陣圖要 {rounds} 輪，而按預計人數只有 {expected} 輪", "晉級名額處有並列時多出的隊也進入淘汰賽；在上一階段用 lot 或 lots: 分出先後，或改用 seeding 名單。"),
        "en": ("knockout {id} has {count} entries, a bracket of {rounds} rounds, but {expected} were expected", "a tie at the qualifying cut lets more entries through; break it with lot or lots: in the previous stage, or list the seeding."),
    },
    "knockout-winner-not-at-table": {
        "zh-Hans": ("winner: {id} 不是这一桌的一方（{sides}）", "winner: 写这一桌胜出一方的编号。"),
        "zh-Hant": ("winner: {id} 不是這一桌的一方（{sides}）", "winner: 寫這一桌勝出一方的編號。"),
        "en": ("winner: {id} is not a side at this table ({sides})", "winner: names the side of this table that goes through."),
    },
    "knockout-not-in-bracket": {
        "zh-Hans": ("第 {round} 轮的 {sides} 不是淘汰赛对阵图中的一场", "这一轮对阵图中的比赛：{expected}。对阵由上一轮的胜者决定，可用 paibang pair 编排。"),
        "zh-Hant": ("第 {round} 輪的 {sides} 不是淘汰賽對陣圖中的一場", "這一輪對陣圖中的比賽：{expected}。對陣由上一輪的勝者決定，可用 paibang pair 編排。"),
        "en": ("{sides} in round {round} is not a match of the knockout bracket", "this round's matches: {expected}. They follow from the previous round's winners; paibang pair draws them."),
    },
    "knockout-winner-contradicts": {
        "zh-Hans": ("第 {table} 桌写了 winner: {winner}，但比赛结果是 {result} 胜", "winner: 只用于平局；结果已分胜负时删去它，或核对成绩。"),
        "zh-Hant": ("第 {table} 桌寫了 winner: {winner}，但比賽結果是 {result} 勝", "winner: 只用於平局；結果已分勝負時刪去它，或核對成績。"),
        "en": ("table {table} says winner: {winner}, but the result is a win for {result}", "winner: is for a tie only; delete it when the result has a winner, or check the record."),
    },
    "knockout-tie": {
        "zh-Hans": ("第 {round} 轮第 {table} 桌（{sides}）打平，淘汰赛必须有胜者", "按本项目规则决出胜者并记在这一桌：{key}: {example}。"),
        "zh-Hant": ("第 {round} 輪第 {table} 桌（{sides}）打平，淘汰賽必須有勝者", "按本項目規則決出勝者並記在這一桌：{key}: {example}。"),
        "en": ("table {table} of round {round} ({sides}) is a tie; a knockout match needs a winner", "settle it as the game's rules say and write it on the table: {key}: {example}."),
    },
    "knockout-match-missing": {
        "zh-Hans": ("第 {round} 轮缺少对阵图中的第 {match} 场（{sides}）", "补上这一场的一桌，或用 paibang pair 编排这一轮。"),
        "zh-Hant": ("第 {round} 輪缺少對陣圖中的第 {match} 場（{sides}）", "補上這一場的一桌，或用 paibang pair 編排這一輪。"),
        "en": ("round {round} has no table for match {match} of the bracket ({sides})", "add its table, or let paibang pair draw the round."),
    },
    "pair-knockout-undecided": {
        "zh-Hans": ("第 {round} 轮还不能编排：对阵图中第 {matches} 场尚未决出胜者", "先录入这些比赛的结果（平局写 winner: 或本项目的加赛记录），再运行 paibang pair。"),
        "zh-Hant": ("第 {round} 輪還不能編排：對陣圖中第 {matches} 場尚未決出勝者", "先錄入這些比賽的結果（平局寫 winner: 或本項目的加賽記錄），再執行 paibang pair。"),
        "en": ("round {round} cannot be drawn yet: match(es) {matches} of the bracket have no winner", "enter those results first (a tie: winner: or the game's play-off record), then run paibang pair again."),
    },
    "pair-knockout-no-field": {
        "zh-Hans": ("淘汰赛 {stage} 的参赛队还不确定", "种子来自的阶段结束后（或写出 seeding 名单后）再编排。"),
        "zh-Hant": ("淘汰賽 {stage} 的參賽隊還不確定", "種子來自的階段結束後（或寫出 seeding 名單後）再編排。"),
        "en": ("the field of knockout {stage} is not known yet", "draw it once the stage it is seeded from is over (or list the seeding)."),
    },
}

LOCALES = ("zh-Hans", "zh-Hant", "en")


def localised(zh: str, hant: str, en: str) -> dict[str, str]:
    """One text in the three locales, as message parameters and page words carry it."""
    return {"zh-Hans": zh, "zh-Hant": hant, "en": en}


def localised_format(texts: tuple[str, str, str], *details: object) -> dict[str, str]:
    """A (zh-Hans, zh-Hant, en) template filled with `details`; a detail may itself be localised."""
    return {
        locale: text.format(*(d.get(locale, "") if isinstance(d, dict) else d for d in details))
        for locale, text in zip(LOCALES, texts)
    }


def add_codes(codes: dict[str, Entry]) -> None:
    """Add a game's codes (`Game.messages`) to the catalogue; the games registry does it when it
    finds the games, so nothing needs importing "to register its codes". A code is defined once:
    the same code with another text is a programming error."""
    for code, entry in codes.items():
        if CATALOGUE.setdefault(code, entry) is not entry:
            raise ValueError(f"message code {code!r} is defined twice")


def render_message(code: str, locale: str, params: dict[str, object]) -> tuple[str, str]:
    """The (message, hint) of a catalogue code in a locale, parameters filled in."""
    entry = CATALOGUE[code]
    message, hint = entry.get(locale) or entry["zh-Hans"]
    values = {key: _show(value, locale) for key, value in params.items()}
    return message.format(**values), hint.format(**values)


def _show(value: object, locale: str) -> str:
    if isinstance(value, dict) and set(value) <= set(LOCALES):
        return str(value.get(locale) or value.get("zh-Hans", ""))
    if isinstance(value, (list, tuple)):
        return "、".join(map(str, value)) if locale != "en" else ", ".join(map(str, value))
    return str(value)


# --- paibang serve: its terminal lines and its error page's words ------------------------------
# Not content problems (no file, no line), so not in CATALOGUE: each is one line, in zh-Hans,
# zh-Hant and en, the fix said in the line itself where there is one.
SERVE_WORDS: dict[str, tuple[str, str, str]] = {
    "serve-listening": ("paibang serve: {url}（按 Ctrl-C 停止）", "paibang serve: {url}（按 Ctrl-C 停止）",
                        "paibang serve: {url}  (Ctrl-C to stop)"),
    "serve-built": ("paibang serve: 已生成，{pages} 个页面，新印 {printed} 份 PDF",
                    "paibang serve: 已產生，{pages} 個頁面，新印 {printed} 份 PDF",
                    "paibang serve: built, {pages} page(s), {printed} PDF(s) printed"),
    "serve-content-errors": ("paibang serve: 内容有 {errors} 处错误，浏览器中也显示；output/ 保留上次成功的结果，改正后保存即重新生成。",
                             "paibang serve: 內容有 {errors} 處錯誤，瀏覽器中也顯示；output/ 保留上次成功的結果，改正後儲存即重新產生。",
                             "paibang serve: {errors} content error(s), also shown in the browser; output/ keeps the last good build; "
                             "save a fix and it is rebuilt."),
    "serve-build-failed": ("paibang serve: 生成失败：{error}（{where}）；output/ 保留上次成功的结果，下次保存时重试。",
                           "paibang serve: 產生失敗：{error}（{where}）；output/ 保留上次成功的結果，下次儲存時重試。",
                           "paibang serve: the build failed: {error} ({where}); output/ keeps the last good build; "
                           "the next save tries again."),
    "serve-watch-failed": ("paibang serve: 监视文件出错：{error}；{seconds} 秒后重试。",
                           "paibang serve: 監視檔案出錯：{error}；{seconds} 秒後重試。",
                           "paibang serve: watching the files failed: {error}; trying again in {seconds} s."),
    "serve-request-failed": ("paibang serve: 请求 {path} 出错：{error}（{where}）", "paibang serve: 請求 {path} 出錯：{error}（{where}）",
                             "paibang serve: request {path} failed: {error} ({where})"),
    "serve-port-busy": ("paibang serve: 端口 {port} 已被占用（另一个 paibang serve 还开着？），未生成网站；换一个端口：paibang serve --port {other}",
                        "paibang serve: 連接埠 {port} 已被佔用（另一個 paibang serve 還開著？），未產生網站；換一個連接埠：paibang serve --port {other}",
                        "paibang serve: port {port} is already in use (another paibang serve still running?); nothing was built; "
                        "use another: paibang serve --port {other}"),
    "serve-cannot-listen": ("paibang serve: 无法在 {host}:{port} 上提供服务：{reason}；未生成网站。换一个端口：--port 8000 到 65535",
                            "paibang serve: 無法在 {host}:{port} 上提供服務：{reason}；未產生網站。換一個連接埠：--port 8000 到 65535",
                            "paibang serve: cannot serve on {host}:{port}: {reason}; nothing was built. "
                            "Use another port: --port 8000 to 65535"),
    "serve-overlay-content": ("内容有错误", "內容有錯誤", "Content errors"),
    "serve-overlay-failed": ("生成失败", "產生失敗", "The build failed"),
}


def serve_words(key: str, locale: str, **params: object) -> str:
    return SERVE_WORDS[key][LOCALES.index(locale) if locale in LOCALES else 0].format(**params)
