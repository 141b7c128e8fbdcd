"""The headings and marks of registration sheets, as secretaries type them: the words `paibang
import` recognises in a sheet (generator/commands/registrations.py), Chinese and English.

They are the language of the sheets, not words paibang shows: a sheet headed 姓名 or 學號 is
read whatever the site's locale, so they are not in the UI words' catalogues.
"""

from __future__ import annotations

# A column's usual headings, by the field it fills (compared by `registrations._key`).
COLUMNS: dict[str, tuple[str, ...]] = {
    "name": ("姓名", "名字", "选手", "選手", "队员", "隊員", "成员姓名", "成員姓名", "选手姓名", "選手姓名",
             "队员姓名", "隊員姓名", "name", "player"),
    # Grouping only: rows with the same value are one entry. The value is never an entry id.
    "entry": ("组号", "組號", "编号", "編號", "队号", "隊號", "参赛号", "參賽號", "组别号", "entry", "group no",
              # a bridge pairs sheet's pair (its number or its label): whichever, the rows of a pair
              "pair", "pair no", "pair number"),
    "team": ("队名", "隊名", "组名", "組名", "队伍", "隊伍", "队伍名称", "隊伍名稱", "team"),
    "captain": ("组长", "組長", "队长", "隊長", "captain"),
    # 学院, 院系: a college's sheet groups by school or department rather than class
    "group": ("班级", "班級", "单位", "單位", "部门", "部門", "系别", "系別", "公司", "学院", "學院", "院系", "所在学院",
              "所在學院", "所在院系", "所在系", "学校", "學校", "group", "class", "unit", "college", "department",
              "school", "club"),
    "major": ("专业", "專業", "major"),
    "phone": ("电话", "電話", "手机", "手機", "手机号", "手機號", "手机号码", "手機號碼", "电话号码", "電話號碼",
              "联系电话", "聯絡電話", "聯繫電話", "联系方式", "聯絡方式", "phone", "mobile", "tel"),
    "student_id": ("学号", "學號", "工号", "工號", "student_id", "studentid", "studentnumber", "student number"),
}
# Headings of personal numbers, contained in a heading (see registrations.PERSONAL_EXACT).
PERSONAL_PARTS = ("学号", "學號", "工号", "工號", "身份证", "身份證", "证件", "證件", "证号", "證號", "护照", "護照",
                  "学籍", "學籍")
# Headings of phone numbers, contained in a heading (联系人电话, 手机号（微信同号）, mobile phone):
# such a column, like one headed as COLUMNS["phone"], goes to the private phone and no --map makes
# it public (registrations.plan_columns). Not "mobile" nor "tel": automobile, hotel.
PHONE_PARTS = ("电话", "電話", "手机", "手機", "phone")
# Headings of contact data other than phones, contained in a heading (邮箱地址, 家庭住址, E-mail,
# QQ号): no --map makes such a column public (registrations.plan_columns), since paibang has no
# private field for them; left unread, it is not imported at all. "mail" holds email and e-mail.
CONTACT_PARTS = ("邮箱", "郵箱", "邮件", "郵件", "电邮", "電郵", "地址", "住址", "住所", "mail", "address", "qq",
                 "微信", "wechat")
# A captain's mark in the captain column.
YES = {"是", "√", "✓", "y", "yes", "1", "true", "组长", "組長", "队长", "隊長", "captain"}
